// The ordered list of migrations. A migration, once released, is frozen: change the schema with a new one.
import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { foundation } from './0001-foundation.ts';
import { geography } from './0002-geography.ts';
import { time } from './0003-time.ts';
import { properties } from './0004-properties.ts';
import { tariffs } from './0005-tariffs.ts';
import { tierScope } from './0006-tier-scope.ts';
import { importKeys } from './0007-import-keys.ts';
import { exportArrangementFrom } from './0018-export-arrangement-from.ts';
import { exportRules } from './0008-export-rules.ts';
import { typicalLoads } from './0009-typical-loads.ts';
import { unownedTerritories } from './0010-unowned-territories.ts';
import { weatherStations } from './0011-weather-stations.ts';
import { accounts } from './0012-accounts.ts';
import { calculationHistory } from './0013-calculation-history.ts';
import { documents } from './0014-documents.ts';
import { rateLimitCounters } from './0015-rate-limit-counters.ts';
import { keyChanges } from './0016-key-changes.ts';
import { orgUsage } from './0017-org-usage.ts';
import { tariffOwner } from './0019-tariff-owner.ts';
import { incentives } from './0020-incentives.ts';
import { portfolioJobs } from './0023-portfolio-jobs.ts';
import { serialReadingReads } from './0024-serial-reading-reads.ts';
import { jobChunksEnded } from './0025-job-chunks-ended.ts';

export type MigrationFactory = (dialect: Dialect) => Migration;

export const migrations: Record<string, MigrationFactory> = {
  '0001-foundation': foundation,
  '0002-geography': geography,
  '0003-time': time,
  '0004-properties': properties,
  '0005-tariffs': tariffs,
  '0006-tier-scope': tierScope,
  '0007-import-keys': importKeys,
  '0008-export-rules': exportRules,
  '0009-typical-loads': typicalLoads,
  '0010-unowned-territories': unownedTerritories,
  '0011-weather-stations': weatherStations,
  '0012-accounts': accounts,
  '0013-calculation-history': calculationHistory,
  '0014-documents': documents,
  '0015-rate-limit-counters': rateLimitCounters,
  '0016-key-changes': keyChanges,
  '0017-org-usage': orgUsage,
  '0018-export-arrangement-from': exportArrangementFrom,
  '0019-tariff-owner': tariffOwner,
  '0020-incentives': incentives,
  '0023-portfolio-jobs': portfolioJobs,
  '0024-serial-reading-reads': serialReadingReads,
  '0025-job-chunks-ended': jobChunksEnded,
};
