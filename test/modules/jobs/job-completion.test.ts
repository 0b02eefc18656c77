// When a portfolio job is complete (jobs.repository.ts `chunkEnded`): the end of every chunk run is counted, and only
// once as many have ended as the job has chunks are its results counted; the job is COMPLETED when every account has
// one. A chunk run twice (its worker was slow, its chunk expired and was run again) counts twice, so the counter can
// reach the number of chunks early: the results' count still decides. On each engine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JobsRepository } from '../../../src/modules/jobs/jobs.repository.ts';
import { createTestDb, dialects, type TestDb } from '../../helpers/dialects.ts';

const AT = '2026-11-28T12:00:00.000Z';

for (const dialect of dialects) {
  describe(`portfolio job completion on ${dialect}`, () => {
    let db: TestDb;
    let repo: JobsRepository;
    before(async () => {
      db = await createTestDb(dialect);
      repo = new JobsRepository(db);
    });
    after(() => db.dispose());

    /** A job of 5 accounts in chunks of 2 (3 chunks), RUNNING. */
    const makeJob = async (jobId: string) => {
      const org = await db.kysely
        .insertInto('organizations')
        .values({ name: `org ${jobId}`, created_at: AT })
        .returning('org_id')
        .executeTakeFirstOrThrow();
      await repo.create(
        {
          job_id: jobId,
          org_id: org.org_id,
          kind: 'CALCULATION',
          name: null,
          state: 'RUNNING',
          request: '{}',
          account_count: 5,
          chunk_size: 2,
          chunks_ended: 0,
          created_at: AT,
          started_at: AT,
          finished_at: null,
        },
        [0, 1, 2, 3, 4].map((position) => ({
          job_id: jobId,
          position,
          account_id: `a${position}`,
          provider_account_id: null,
        })),
      );
    };
    const save = (jobId: string, positions: number[]) =>
      repo.saveResults(
        positions.map((position) => ({
          job_id: jobId,
          position,
          account_id: `a${position}`,
          provider_account_id: null,
          status: 'SUCCESS',
          result: '{}',
          finished_at: AT,
        })),
      );
    const stateOf = async (jobId: string) => (await repo.find(null, jobId))!.state;

    it('is COMPLETED at the end of the last chunk, not before', async () => {
      await makeJob('job-in-order');
      await save('job-in-order', [0, 1]);
      assert.equal(await repo.chunkEnded('job-in-order', AT), false);
      await save('job-in-order', [2, 3]);
      assert.equal(await repo.chunkEnded('job-in-order', AT), false);
      assert.equal(await stateOf('job-in-order'), 'RUNNING');
      await save('job-in-order', [4]);
      assert.equal(await repo.chunkEnded('job-in-order', AT), true);
      const job = (await repo.find(null, 'job-in-order'))!;
      assert.equal(job.state, 'COMPLETED');
      assert.equal(job.finished_at, AT);
      assert.equal(job.chunks_ended, 3);
    });

    it('waits for the results when a chunk run twice brings the count of ends up early', async () => {
      await makeJob('job-twice');
      await save('job-twice', [0, 1]);
      await repo.chunkEnded('job-twice', AT);
      // The first chunk ends again (run a second time); the last chunk ends; the middle one is still running.
      await repo.chunkEnded('job-twice', AT);
      await save('job-twice', [4]);
      assert.equal(await repo.chunkEnded('job-twice', AT), false, '3 ends counted, accounts 2 and 3 have no result');
      assert.equal(await stateOf('job-twice'), 'RUNNING');
      await save('job-twice', [2, 3]);
      assert.equal(await repo.chunkEnded('job-twice', AT), true);
      assert.equal(await stateOf('job-twice'), 'COMPLETED');
    });

    it('counts no results before as many chunk runs as chunks have ended', async () => {
      // Every account has a result (a worker saved a chunk's last account and was killed before its chunk's end):
      // the job completes when the chunk's next run, which finds nothing left to bill, reaches its end.
      await makeJob('job-early');
      await save('job-early', [0, 1, 2, 3, 4]);
      assert.equal(await repo.chunkEnded('job-early', AT), false);
      assert.equal(await repo.chunkEnded('job-early', AT), false);
      assert.equal(await stateOf('job-early'), 'RUNNING');
      assert.equal(await repo.chunkEnded('job-early', AT), true);
    });

    it('leaves a cancelled job cancelled', async () => {
      await makeJob('job-cancelled');
      await db.kysely
        .updateTable('portfolio_jobs')
        .set({ state: 'CANCELLED' })
        .where('job_id', '=', 'job-cancelled')
        .execute();
      await save('job-cancelled', [0, 1, 2, 3, 4]);
      for (let k = 0; k < 3; k++) assert.equal(await repo.chunkEnded('job-cancelled', AT), false);
      assert.equal(await stateOf('job-cancelled'), 'CANCELLED');
    });
  });
}
