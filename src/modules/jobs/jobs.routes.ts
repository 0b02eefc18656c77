// Portfolio jobs (a Ratebook extension): POST /rest/v1/jobs answers 202 with the job at once; GET reads its state and
// progress; /results pages the accounts' results (or CSV, by Accept: text/csv or /results.csv); cancel by POST
// .../cancel or DELETE. Signal tier, as the calculations a job runs; private to the organization that made it.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/fastify-types.ts';
import { parsePaging } from '../../http/list-options.ts';
import { Envelope, ErrorEnvelopeSchema, responses } from '../../http/response-schemas.ts';
import { JobBody, JobListQuery, JobParams, JobResultSchema, JobResultsQuery, JobSchema } from './jobs.schemas.ts';
import type { JobsService } from './jobs.service.ts';

const tags = ['Jobs'];
const config = { tier: 'signal' as const };
const CsvQuery = Type.Object({ status: JobResultsQuery.properties.status });
const csvResponses = {
  200: Type.String({ description: 'text/csv: one row per account and scenario' }),
  '4xx': ErrorEnvelopeSchema,
  '5xx': ErrorEnvelopeSchema,
};

export function jobsRoutes(service: JobsService) {
  return async (app: App): Promise<void> => {
    const org = (request: FastifyRequest) => request.principal!.orgId;
    const one = (job: Awaited<ReturnType<JobsService['get']>>) => ({
      status: 'success' as const,
      count: 1,
      type: 'Job',
      results: [job],
    });
    const sendCsv = (reply: FastifyReply, jobId: string, csv: string) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="job-${jobId}.csv"`)
        .send(csv as never);

    app.post(
      '/rest/v1/jobs',
      {
        config,
        schema: {
          tags,
          summary: 'Run a calculation or savings analysis over many accounts and scenarios; answers 202 with the job',
          body: JobBody,
          response: {
            202: Envelope(JobSchema, 'The job, queued'),
            '4xx': ErrorEnvelopeSchema,
            '5xx': ErrorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => reply.code(202).send(one(await service.create(request.body, org(request)))),
    );
    app.get(
      '/rest/v1/jobs',
      {
        config,
        schema: {
          tags,
          summary: "The organization's jobs, newest first",
          querystring: JobListQuery,
          response: responses(JobSchema),
        },
      },
      async (request) => {
        const paging = parsePaging(request.query);
        const { jobs, total } = await service.list(
          org(request),
          request.query.state,
          paging.pageStart,
          paging.pageCount,
        );
        return { status: 'success' as const, count: total, type: 'Job', results: jobs, ...paging };
      },
    );
    app.get(
      '/rest/v1/jobs/:jobId',
      {
        config,
        schema: { tags, summary: 'A job: its state and progress', params: JobParams, response: responses(JobSchema) },
      },
      async (request) => one(await service.get(request.params.jobId, org(request))),
    );
    app.get(
      '/rest/v1/jobs/:jobId/results',
      {
        config,
        schema: {
          tags,
          summary: "A job's results, one per account in the job's order (Accept: text/csv for the CSV)",
          params: JobParams,
          querystring: JobResultsQuery,
          response: responses(JobResultSchema),
        },
      },
      async (request, reply) => {
        const { jobId } = request.params;
        if (request.headers.accept?.includes('text/csv'))
          return sendCsv(reply, jobId, await service.csv(jobId, org(request), request.query.status));
        const paging = parsePaging(request.query);
        const { results, total } = await service.results(
          jobId,
          org(request),
          request.query.status,
          paging.pageStart,
          paging.pageCount,
        );
        return { status: 'success' as const, count: total, type: 'JobResult', results, ...paging };
      },
    );
    app.get(
      '/rest/v1/jobs/:jobId/results.csv',
      {
        config,
        schema: {
          tags,
          summary: "A job's results as CSV: one row per account and scenario",
          params: JobParams,
          querystring: CsvQuery,
          response: csvResponses,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          request.params.jobId,
          await service.csv(request.params.jobId, org(request), request.query.status),
        ),
    );
    const cancel = {
      config,
      schema: {
        tags,
        summary: 'Cancel a queued or running job (results so far are kept)',
        params: JobParams,
        response: responses(JobSchema),
      },
    };
    app.post('/rest/v1/jobs/:jobId/cancel', cancel, async (request) =>
      one(await service.cancel(request.params.jobId, org(request))),
    );
    app.delete('/rest/v1/jobs/:jobId', cancel, async (request) =>
      one(await service.cancel(request.params.jobId, org(request))),
    );
  };
}
