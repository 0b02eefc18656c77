// Calculation history in the application: every route whose config names a `history` kind (the calculations that
// answer a requestId) gets three route hooks, and only those routes pay for them:
// - preSerialization notes the answer's requestId and type (a success envelope with a requestId; errors carry none);
// - onSend keeps the JSON text answered (the serialized string: nothing is serialized twice);
// - onResponse, once the answer is sent, hands the record to the recorder's queue, which writes it later.
// Also here: the history routes, and the purge of records older than HISTORY_RETENTION_DAYS at start and then daily.
import type {
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onResponseHookHandler,
  onSendHookHandler,
  preSerializationHookHandler,
  RouteOptions,
} from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { App } from '../../http/fastify-types.ts';
import { hookList } from '../../http/route-hooks.ts';
import { HistoryRecorder } from './history.recorder.ts';
import { HistoryRepository, retentionCutoff } from './history.repository.ts';
import { historyRoutes } from './history.routes.ts';
import { HistoryService } from './history.service.ts';

const DAY_MS = 86_400_000;

export interface CalculationHistory {
  repo: HistoryRepository;
  /** null when HISTORY_RETENTION_DAYS is 0: nothing is recorded. */
  recorder: HistoryRecorder | null;
  /** Removes the records older than the retention now; the number removed (0 when recording is off). */
  purge(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    calculationHistory: CalculationHistory;
  }
}

interface Pending {
  requestId: string;
  type: string;
  text: string | null;
}

/** Call before the calculation routes are registered: their hooks are added as they are. */
export async function registerCalculationHistory(app: App, db: Db, config: Config): Promise<CalculationHistory> {
  const repo = new HistoryRepository(db);
  const { retentionDays, maxRecordBytes } = config.history;
  const recorder = retentionDays > 0 ? new HistoryRecorder(repo, { maxRecordBytes, log: app.log }) : null;

  if (recorder) {
    const pending = new WeakMap<FastifyRequest, Pending>();
    const noteAnswer: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
      const p = payload as { requestId?: unknown; type?: unknown } | null;
      if (reply.statusCode === 200 && p && typeof p.requestId === 'string')
        pending.set(request, {
          requestId: p.requestId,
          type: typeof p.type === 'string' ? p.type : 'Unknown',
          text: null,
        });
      done(null, payload);
    };
    // A HEAD (Fastify's twin of a GET route) reaches here with its body already dropped: it is never recorded.
    const keepText: onSendHookHandler<unknown> = (request, _reply, payload, done) => {
      const p = pending.get(request);
      if (p && typeof payload === 'string') p.text = payload;
      done(null, payload);
    };
    const hand: onResponseHookHandler = (
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) => {
      const p = pending.get(request);
      const caller = request.principal;
      if (p?.text && caller && reply.statusCode === 200) {
        pending.delete(request);
        const { history: kind, tier } = request.routeOptions.config;
        recorder.record({
          requestId: p.requestId,
          orgId: caller.orgId,
          appId: caller.appId,
          kind: kind ?? 'single',
          tier: tier ?? null,
          method: request.method,
          url: request.url,
          createdAt: new Date(),
          requestText: request.receivedJson,
          responseType: p.type,
          responseText: p.text,
        });
      }
      done();
    };
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.config?.history) return;
      route.preSerialization = [...hookList(route.preSerialization), noteAnswer] as never;
      route.onSend = [...hookList(route.onSend), keepText] as never;
      route.onResponse = [...hookList(route.onResponse), hand] as never;
    });
  }

  let purging: Promise<number> | null = null;
  const purge = (): Promise<number> => {
    if (retentionDays === 0) return Promise.resolve(0);
    purging ??= repo
      .purge(retentionCutoff(retentionDays), { pause: () => new Promise((r) => setImmediate(r)) })
      .then(
        (removed) => {
          if (removed > 0)
            app.log.info({ removed, retentionDays }, 'calculation history: records past their retention removed');
          return removed;
        },
        (err: unknown) => {
          app.log.warn({ err }, 'calculation history: purge failed; it runs again in a day');
          return 0;
        },
      )
      .finally(() => {
        purging = null;
      });
    return purging;
  };
  const history: CalculationHistory = { repo, recorder, purge };
  app.decorate('calculationHistory', history);

  let daily: NodeJS.Timeout | null = null;
  if (recorder) {
    app.addHook('onReady', async () => {
      void purge();
      daily = setInterval(() => void purge(), DAY_MS);
      daily.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (daily) clearInterval(daily);
    await purging;
    await recorder?.close();
  });

  await app.register(historyRoutes(new HistoryService(repo)));
  return history;
}
