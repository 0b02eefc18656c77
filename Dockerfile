# Ratebook's container image: `docker build -t ratebook .` then see docker-compose.yml and README "Running in containers".
# Stage 1 installs everything (better-sqlite3 compiles here), bundles dist/ and drops the dev dependencies;
# stage 2 is the runtime, run as the unprivileged `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run -s build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    REFERENCE_DATA_DIR=/reference
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/src ./src
# The SQLite default lives under /app/data: the one folder the service writes (mount a volume there).
RUN mkdir -p /app/data /reference && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 8080
# /health answers without credentials while the process serves; /ready also checks the database.
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "dist/ratebook.js"]
CMD ["serve"]
