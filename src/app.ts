// buildApp: the Fastify application with its cross-cutting HTTP behaviour and every resource module.
// It never listens and never reads process.env: server.ts and the tests hand it a config and a database.
import Fastify, { LogController } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { readingRequest } from './db/read-replica.ts';
import { authenticator, registerAuth } from './http/auth.ts';
import { registerCors } from './http/cors.ts';
import { onFrameworkError, registerErrorHandling } from './http/error-handler.ts';
import { finiteNumbers } from './http/finite-numbers.ts';
import { sharedValidators } from './http/shared-validators.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { lazyChildLogger } from './http/lazy-request-logger.ts';
import { requestIds } from './http/request-id.ts';
import { responseSerializerCompiler } from './http/serializer-compiler.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { withRestPrefix } from './http/rest-prefix.ts';
import type { App } from './http/fastify-types.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerConsole } from './http/console.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { chooseRequestLimiter } from './http/rate-counter-stores.ts';
import { RouteRegistry } from './http/route-registry.ts';
import { echoRoutes } from './modules/echo/echo.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { KeysService } from './modules/keys/keys.service.ts';
import { keysRoutes } from './modules/keys/keys.routes.ts';
import { VERSION } from './version.ts';
import { zipcodesRoutes } from './modules/zipcodes/zipcodes.routes.ts';
import { ZipcodesService } from './modules/zipcodes/zipcodes.service.ts';
import { lsesRoutes } from './modules/lses/lses.routes.ts';
import { LsesService } from './modules/lses/lses.service.ts';
import { territoriesRoutes } from './modules/territories/territories.routes.ts';
import { TerritoriesService } from './modules/territories/territories.service.ts';
import { utilityTaxesRoutes } from './modules/utility-taxes/utility-taxes.routes.ts';
import { incentivesRoutes } from './modules/incentives/incentives.routes.ts';
import { IncentivesService } from './modules/incentives/incentives.service.ts';
import { UtilityTaxesService } from './modules/utility-taxes/utility-taxes.service.ts';
import { seasonsRoutes } from './modules/seasons/seasons.routes.ts';
import { SeasonsRepository } from './modules/seasons/seasons.repository.ts';
import { calendarsRoutes } from './modules/calendars/calendars.routes.ts';
import { CalendarsService } from './modules/calendars/calendars.service.ts';
import { timeOfUsesRoutes } from './modules/timeofuses/timeofuses.routes.ts';
import { TimeOfUsesService } from './modules/timeofuses/timeofuses.service.ts';
import { baselinesRoutes } from './modules/baselines/baselines.routes.ts';
import { buildingsRoutes } from './modules/buildings/buildings.routes.ts';
import { BuildingsService } from './modules/buildings/buildings.service.ts';
import { REFERENCE_BUILDING_AREA_FT2 } from './data/starter/reference-building-areas.data.ts';
import { BaselinesService } from './modules/baselines/baselines.service.ts';
import { propertiesRoutes } from './modules/properties/properties.routes.ts';
import { PropertiesService } from './modules/properties/properties.service.ts';
import { tariffsRoutes } from './modules/tariffs/tariffs.routes.ts';
import { TariffAuthoring } from './modules/tariffs/tariff-authoring.ts';
import { tariffAuthoringRoutes } from './modules/tariffs/tariff-authoring.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { DocumentsService } from './modules/documents/documents.service.ts';
import { calculationsRoutes } from './modules/calculations/calculations.routes.ts';
import { legacyCalculateRoutes } from './modules/calculations/legacy.routes.ts';
import { CalculationsService } from './modules/calculations/calculations.service.ts';
import { TariffContextLoader } from './modules/calculations/tariff-context.ts';
import { pricesRoutes } from './modules/prices/prices.routes.ts';
import { legacyPricesRoutes } from './modules/prices/legacy-prices.routes.ts';
import { LegacyPricesService } from './modules/prices/legacy-prices.service.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { urdbSyncRoutes } from './modules/imports/urdb-sync.routes.ts';
import { PricesService } from './modules/prices/prices.service.ts';
import { TariffsRepository } from './modules/tariffs/tariffs.repository.ts';
import { TariffsService } from './modules/tariffs/tariffs.service.ts';
import { analysisRoutes } from './modules/savings/analysis.routes.ts';
import { SavingsService } from './modules/savings/analysis.service.ts';
import { type OptimiserThreads, optimiserThreads } from './modules/storage/optimiser-threads.ts';
import { regionRoutes } from './modules/savings/region.routes.ts';
import { RegionSavingsService } from './modules/savings/region.service.ts';
import { SolarService } from './modules/solar/solar.service.ts';
import { solarRoutes } from './modules/solar/solar.routes.ts';
import { SolarTypicalsService } from './modules/solar/solar-typicals.service.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountCalculationService } from './modules/accounts/account-calculation.ts';
import { accountCalculationRoutes } from './modules/accounts/account-calculation.routes.ts';
import { compareRoutes } from './modules/compare/compare.routes.ts';
import { CompareService } from './modules/compare/compare.service.ts';
import { ProfilesService } from './modules/profiles/profiles.service.ts';
import { bulkUploadRoutes } from './modules/bulk-upload/bulk-upload.routes.ts';
import { BulkUploadService } from './modules/bulk-upload/bulk-upload.service.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { StorageProfilesService } from './modules/storage/storage-profiles.service.ts';
import { storageProfilesRoutes } from './modules/storage/storage-profiles.routes.ts';
import { WeatherRepository } from './modules/solar/weather.repository.ts';
import { registerCalculationHistory } from './modules/calculation-history/history.plugin.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { JobsService } from './modules/jobs/jobs.service.ts';
import { jobKinds } from './modules/jobs/kinds/index.ts';
import { registerUsageCounts } from './modules/usage-counts/usage-counts.plugin.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Defaults to a KeysService on db; tests pass one to share its cache. */
  keys?: KeysService;
  /** The clock for defaults such as "from now" (tests fix it). */
  now?: () => Date;
}

export interface RatebookContext {
  db: Db;
  keys: KeysService;
  routes: RouteRegistry;
  /** Portfolio jobs: server.ts and `ratebook worker` start its worker (startWorker). */
  jobs: JobsService | null;
  /** BILL_OPTIMAL's worker threads (what they solved: the tests and benches read it). */
  optimiser: OptimiserThreads | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ratebook: RatebookContext;
  }
}

export async function buildApp({
  config,
  db,
  keys = new KeysService(db, config.authCacheTtlMs),
  now = () => new Date(),
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // request.log is made when first written to, not per request (bench/README.md, authenticated echo).
    childLoggerFactory: lazyChildLogger,
    // One line per request, written by registerRequestLog, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // `/v1/...` and `/beta/...` as the original's SDK calls them answer as `/rest/v1/...` (src/http/rest-prefix.ts).
    rewriteUrl: (request) => withRestPrefix(request.url ?? '/'),
    genReqId: requestIds(),
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        useDefaults: true,
        removeAdditional: false,
        allErrors: false,
        // Ajv's optimizer builds a short-lived object per generated variable name, each with a different first
        // property; at start-up those fill V8's plain-object shape links (src/http/serializer-compiler.ts says what
        // that costs every request afterwards). Unoptimized validators accept and refuse the same values; their code
        // keeps some unused names and empty branches.
        code: { optimize: false },
      },
      // sharedValidators last: it caches what the others' compile makes.
      plugins: [finiteNumbers, sharedValidators],
    },
    // Paths the router cannot decode (bad percent-encoding) or whose parameters are too long: the envelope too.
    frameworkErrors: onFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // The API speaks JSON only: any other body is a 415 (importers add their own parsers in their scope).
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);

  const routes = new RouteRegistry();
  routes.attach(app);
  app.setSerializerCompiler(responseSerializerCompiler());
  app.decorate('ratebook', { db, keys, routes, jobs: null, optimiser: null });

  registerCors(app, config.corsOrigin);
  registerRequestLog(app);
  await registerOpenApi(app, VERSION);
  registerConsole(app);
  const { perAddress, perApp, windowMs } = config.authFailures;
  // The request budget is shared by every process (PostgreSQL or Redis); failure budgets stay per process.
  const requests = chooseRequestLimiter(config, db, app.log);
  app.addHook('onClose', () => requests.close());
  const authenticate = authenticator(keys, requests.limiter, {
    perAddress: new RateLimiter(perAddress, windowMs),
    perApp: new RateLimiter(perApp, windowMs),
  });
  registerErrorHandling(app, routes, authenticate());
  registerAuth(app, authenticate);
  registerInputGuard(app);
  // After authentication (each route's onRequest, on the primary): GET and HEAD handlers read from the replica.
  if (db.readRouting) app.addHook('preHandler', readingRequest);
  // Before the calculation routes: each is given its history hooks as it is registered.
  await registerCalculationHistory(app, db, config);
  // Before every route: each answered request is counted for its organization (GET /rest/v1/orgs/usage).
  await registerUsageCounts(app, db, now);

  await app.register(healthRoutes(db));
  await app.register(echoRoutes);

  const zipcodes = new ZipcodesService(db);
  await app.register(zipcodesRoutes(zipcodes));
  const lses = new LsesService(db, zipcodes);
  await app.register(lsesRoutes(lses));
  const territories = new TerritoriesService(db, zipcodes);
  await app.register(territoriesRoutes(territories));
  const utilityTaxes = new UtilityTaxesService(db, territories.repo);
  await app.register(utilityTaxesRoutes(utilityTaxes));
  const incentives = new IncentivesService(db, zipcodes, territories.repo);
  await app.register(incentivesRoutes(incentives));

  const seasons = new SeasonsRepository(db);
  await app.register(seasonsRoutes(seasons, lses));
  const calendars = new CalendarsService(db, (lseId) => lses.zoneOf(lseId), now);
  await app.register(calendarsRoutes(calendars));
  const timeOfUses = new TimeOfUsesService(db, lses, seasons, calendars, now);
  await app.register(timeOfUsesRoutes(timeOfUses));
  const properties = new PropertiesService(db, lses, now);
  await app.register(propertiesRoutes(properties));
  // Tariff discovery filters by an account (accountId): the accounts are made below, on the tariffs.
  let accounts: AccountsService | null = null;
  const accountPlace = async (accountId: string, orgId: number | null) =>
    accounts && orgId !== null ? accounts.placeForTariffs(accountId, orgId) : null;
  const tariffs = new TariffsService(
    db,
    lses,
    zipcodes,
    seasons,
    territories.repo,
    properties.keys,
    properties.lookups,
    now,
    accountPlace,
  );
  await app.register(tariffsRoutes(tariffs));
  await app.register(tariffAuthoringRoutes(new TariffAuthoring(db, tariffs)));
  await app.register(documentsRoutes(new DocumentsService(db)));
  const tariffContexts = new TariffContextLoader(db, seasons, timeOfUses, calendars, properties.lookups);
  const baselines = new BaselinesService(db, zipcodes, territories.repo, REFERENCE_BUILDING_AREA_FT2);
  await app.register(baselinesRoutes(baselines));
  await app.register(buildingsRoutes(new BuildingsService(db, zipcodes, territories.repo, baselines)));
  const calculations = new CalculationsService(
    tariffContexts,
    zipcodes,
    territories.repo,
    utilityTaxes.repo,
    properties.keys,
    baselines,
  );
  await app.register(calculationsRoutes(calculations));
  await app.register(legacyCalculateRoutes(calculations));
  const weatherRepository = new WeatherRepository(db);
  const solar = new SolarService(weatherRepository);
  await app.register(solarRoutes(new SolarTypicalsService(zipcodes, solar, weatherRepository)));
  accounts = new AccountsService(db, zipcodes, lses, tariffs, properties.keys, now);
  const profiles = new ProfilesService(db, accounts, zipcodes, baselines, solar, now);
  const optimiser = optimiserThreads(config.optimiserThreads);
  app.ratebook.optimiser = optimiser;
  app.addHook('onClose', () => optimiser.stop());
  const savings = new SavingsService(
    calculations,
    zipcodes,
    tariffs,
    baselines,
    solar,
    now,
    accounts,
    profiles,
    incentives,
    optimiser,
  );
  await app.register(analysisRoutes(savings));
  await app.register(accountsRoutes(accounts));
  await app.register(profilesRoutes(profiles));
  await app.register(bulkUploadRoutes(new BulkUploadService(db, accounts, profiles), config.bodyLimit));
  await app.register(storageProfilesRoutes(new StorageProfilesService(accounts, profiles, calculations)));
  const accountCalculation = new AccountCalculationService(accounts, profiles, calculations, baselines);
  await app.register(accountCalculationRoutes(accounts, accountCalculation));
  const comparison = new CompareService(calculations, tariffs, accounts, zipcodes, baselines, solar, profiles, now);
  await app.register(compareRoutes(comparison));
  const kinds = jobKinds({ calculation: accountCalculation, savings, comparison });
  const jobs = new JobsService(db, config.jobs, kinds, app.log, now);
  app.ratebook.jobs = jobs;
  app.addHook('onClose', () => jobs.stop());
  await app.register(jobsRoutes(jobs));
  await app.register(regionRoutes(new RegionSavingsService(savings, zipcodes)));
  await app.register(keysRoutes(keys));
  await app.register(importsRoutes(db));
  await app.register(urdbSyncRoutes(db, config));
  const prices = new PricesService(tariffContexts, new TariffsRepository(db), zipcodes, lses, territories.repo, now);
  await app.register(pricesRoutes(prices));
  await app.register(legacyPricesRoutes(new LegacyPricesService(prices, tariffContexts, now)));
  return app;
}
