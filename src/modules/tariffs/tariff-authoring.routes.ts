// Tariff authoring, the original's beta operations (its Java client's TariffService addTariff, updateTariff and
// deleteTariff): an organization's own tariffs, PRIVATE to it; signal tier, as every other write of an organization's
// own records (accounts, profiles). See docs/api-notes/tariffs.md, "Authoring".
import type { App } from '../../http/fastify-types.ts';
import { single } from '../../http/envelope.ts';
import { missingArgument } from '../../http/errors.ts';
import { responses } from '../../http/response-schemas.ts';
import type { Author, TariffAuthoring } from './tariff-authoring.ts';
import { TariffAuthoringBody, TariffDeleteQuery, TariffVersionParams } from './tariff-authoring.schemas.ts';
import { wireTariff } from './tariff-wire.ts';
import { TariffWireSchema } from './tariffs.schemas.ts';

const tags = ['Tariffs'];
const config = { tier: 'signal' as const };

const authorOf = (request: { principal: { orgId: number; orgName: string } | null }): Author => ({
  orgId: request.principal!.orgId,
  orgName: request.principal!.orgName,
});

export function tariffAuthoringRoutes(authoring: TariffAuthoring) {
  return async (app: App): Promise<void> => {
    app.post(
      '/rest/beta/tariffs',
      {
        config,
        schema: {
          tags,
          summary: "Write a tariff of your organization's, PRIVATE to it (signal tier)",
          description:
            "Without masterTariffId a new tariff; with one of your organization's, a new version of it (a later version closes an open earlier one; overlapping versions are a 400 naming effectiveDate or endDate). Rates, TOUs, seasons and properties as the tariff list answers them: the LSE, seasons, territories and property keys named must be stored, TOUs public or your organization's. Answers the version with its rates and properties.",
          body: TariffAuthoringBody,
          response: { ...responses(TariffWireSchema), 201: responses(TariffWireSchema)[200] },
        },
      },
      async (request, reply) => {
        const tariff = await authoring.create(request.body, authorOf(request));
        reply.code(201).header('location', `/rest/public/tariffs/${tariff.masterTariffId}`);
        return single('Tariff', wireTariff(tariff));
      },
    );
    app.put(
      '/rest/beta/tariffs/:tariffId',
      {
        config,
        schema: {
          tags,
          summary: "Replace a version of one of your organization's tariffs (signal tier)",
          description:
            'The body replaces the version whole (rates and properties as sent; their ids are drawn anew). It keeps its place among the tariff’s versions.',
          params: TariffVersionParams,
          body: TariffAuthoringBody,
          response: responses(TariffWireSchema),
        },
      },
      async (request) =>
        single('Tariff', wireTariff(await authoring.update(request.params.tariffId, request.body, authorOf(request)))),
    );
    // The original's Java client PUTs here, without the id in the path, when its Tariff has no tariffId.
    app.put(
      '/rest/beta/tariffs',
      {
        config,
        schema: {
          tags,
          summary: "Replace a version of one of your organization's tariffs named by the body's tariffId (signal tier)",
          description: 'As PUT /rest/beta/tariffs/{tariffId}, the version named by tariffId in the body.',
          body: TariffAuthoringBody,
          response: responses(TariffWireSchema),
        },
      },
      async (request) => {
        const tariffId = request.body.tariffId;
        if (typeof tariffId !== 'number')
          throw missingArgument(
            'tariffId',
            'tariffId names the version to replace (or PUT /rest/beta/tariffs/{tariffId})',
          );
        return single('Tariff', wireTariff(await authoring.update(tariffId, request.body, authorOf(request))));
      },
    );
    app.delete(
      '/rest/beta/tariffs/:tariffId',
      {
        config,
        schema: {
          tags,
          summary: "Delete a version of one of your organization's tariffs; answers with what was deleted",
          description:
            'The version before it then reaches as far as the deleted one did (open, when it was the latest).',
          params: TariffVersionParams,
          querystring: TariffDeleteQuery,
          response: responses(TariffWireSchema),
        },
      },
      async (request) =>
        single('Tariff', wireTariff(await authoring.remove(request.params.tariffId, authorOf(request)))),
    );
  };
}
