// Time of use (spec section "Time of use"), with private definitions for the privateTou tier.
import type { App } from '../../http/fastify-types.ts';
import { page, single } from '../../http/envelope.ts';
import { isExt, parseListOptions } from '../../http/list-options.ts';
import { listInMemory, readField } from '../../http/memory-list.ts';
import { responses } from '../../http/response-schemas.ts';
import {
  GroupListQuery,
  GroupParams,
  GroupQuery,
  IntervalQuery,
  LseParams,
  PrivateTouBody,
  TimeOfUseSchema,
  TouGroupSchema,
  TouIntervalSchema,
  TouParams,
} from './timeofuses.schemas.ts';
import type { TimeOfUsesService } from './timeofuses.service.ts';

const tags = ['Time of use'];
const GROUP = 'TimeOfUseGroup';
const touRules = {
  searchable: ['touName', 'touType'],
  defaultSearchOn: ['touName'],
  sortable: ['touId', 'touName', 'touType'],
  defaultSort: [],
};
const intervalRules = {
  searchable: ['touName', 'touType'],
  defaultSearchOn: ['touName'],
  sortable: ['fromDateTime', 'touName', 'touId'],
  defaultSort: [],
};
const groupRules = {
  searchable: ['touGroupId'],
  defaultSearchOn: ['touGroupId'],
  sortable: ['touGroupId'],
  defaultSort: [],
};
const groupListRules = {
  searchable: ['touGroupId', 'lseId'],
  defaultSearchOn: ['touGroupId'],
  sortable: ['lseId', 'touGroupId'],
  defaultSort: [],
};
const privateTou = { tier: 'privateTou' as const };

export function timeOfUsesRoutes(service: TimeOfUsesService) {
  return async (app: App): Promise<void> => {
    app.get(
      '/rest/public/timeofuses',
      {
        schema: {
          tags,
          summary:
            "The time-of-use groups visible to the caller (public, and its organization's private ones), by LSE and group",
          querystring: GroupListQuery,
          response: responses(TouGroupSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, groupListRules);
        const { rows, total } = await service.listGroups(request.query.lseId, request.principal!.orgId, options);
        return page(
          GROUP,
          rows.map((g) => service.toGroup(g, options.ext)),
          total,
          options.paging,
        );
      },
    );
    app.get(
      '/rest/public/timeofuses/:lseId/:touGroupId',
      {
        schema: {
          tags,
          summary: 'One time-of-use group; paging, search and sort apply to its timeOfUses',
          params: GroupParams,
          querystring: GroupQuery,
          response: responses(TouGroupSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, touRules);
        const group = service.toGroup(
          await service.group(request.params.lseId, request.params.touGroupId, request.principal!.orgId),
          options.ext,
        );
        group.timeOfUses = listInMemory(group.timeOfUses, options, readField).rows;
        return single(GROUP, group);
      },
    );
    app.get(
      '/rest/public/timeofuses/:touId',
      {
        schema: {
          tags,
          summary: 'One time of use',
          params: TouParams,
          querystring: GroupQuery,
          response: responses(TimeOfUseSchema),
        },
      },
      async (request) => {
        return single(
          'TimeOfUse',
          await service.touById(request.params.touId, request.principal!.orgId, isExt(request.query.fields)),
        );
      },
    );
    app.get(
      '/rest/public/timeofuses/:lseId/:touGroupId/intervals',
      {
        schema: {
          tags,
          summary: 'Concrete intervals of a group (default: from now for one week)',
          params: GroupParams,
          querystring: IntervalQuery,
          response: responses(TouIntervalSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, intervalRules);
        const group = await service.group(request.params.lseId, request.params.touGroupId, request.principal!.orgId);
        const all = (await service.intervals(group, request.query.fromDateTime, request.query.toDateTime)).map(
          ({ touType: _type, ...rest }) => rest,
        );
        const { rows, total } = listInMemory(all, options, readField);
        return page(GROUP, rows, total, options.paging);
      },
    );
    app.get(
      '/rest/public/timeofuses/intervals/:touId',
      {
        schema: {
          tags,
          summary: 'Concrete intervals of one time of use (default: from now for one week)',
          params: TouParams,
          querystring: IntervalQuery,
          response: responses(TouIntervalSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, intervalRules);
        const group = await service.groupOfTou(request.params.touId, request.principal!.orgId);
        const all = (await service.intervals(group, request.query.fromDateTime, request.query.toDateTime)).filter(
          (i) => i.touId === request.params.touId,
        );
        const { rows, total } = listInMemory(all, options, readField);
        return page('TimeOfUseIntervals', rows, total, options.paging);
      },
    );
    app.get(
      '/rest/public/lses/:lseId/tougroups',
      {
        schema: {
          tags,
          summary: 'The time-of-use groups of an LSE (private ones only for their organization)',
          params: LseParams,
          querystring: GroupQuery,
          response: responses(TouGroupSchema),
        },
      },
      async (request) => {
        const options = parseListOptions(request.query, groupRules);
        const groups = (await service.groupsOfLse(request.params.lseId, request.principal!.orgId)).map((g) =>
          service.toGroup(g, options.ext),
        );
        const { rows, total } = listInMemory(groups, options, readField);
        return page(GROUP, rows, total, options.paging);
      },
    );

    app.post(
      '/rest/timeofuses',
      {
        config: privateTou,
        schema: {
          tags,
          summary: 'Create a private time-of-use group (privateTou tier)',
          body: PrivateTouBody,
          response: { ...responses(TouGroupSchema), 201: responses(TouGroupSchema)[200] },
        },
      },
      async (request, reply) => {
        const group = await service.createPrivate(request.body, request.principal!.orgId);
        reply.code(201).header('location', `/rest/public/timeofuses/${group.group.lse_id}/${group.group.tou_group_id}`);
        return single(GROUP, service.toGroup(group, true));
      },
    );
    app.put(
      '/rest/timeofuses',
      {
        config: privateTou,
        schema: {
          tags,
          summary: 'Replace a private time-of-use group (touGroupId and every touId required)',
          body: PrivateTouBody,
          response: responses(TouGroupSchema),
        },
      },
      async (request) =>
        single(GROUP, service.toGroup(await service.updatePrivate(request.body, request.principal!.orgId), true)),
    );
    app.delete(
      '/rest/timeofuses/:lseId/:touGroupId',
      {
        config: privateTou,
        schema: {
          tags,
          summary: 'Delete a private time-of-use group; answers with what was deleted',
          params: GroupParams,
          response: responses(TouGroupSchema),
        },
      },
      async (request) =>
        single(
          GROUP,
          service.toGroup(
            await service.deletePrivate(request.params.lseId, request.params.touGroupId, request.principal!.orgId),
            true,
          ),
        ),
    );
  };
}
