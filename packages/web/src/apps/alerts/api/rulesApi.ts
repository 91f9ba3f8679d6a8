/**
 * Alert rules (/alert/orgs/{orgId}/rules): the Active/Archived list, one rule, create / replace / delete,
 * archive, export and import as JSON, and the editor's live preview and backtest.
 */
import type {
  AlertRule,
  RuleBacktest,
  RuleBody,
  RuleData,
  RuleListResponse,
  RulePreview,
  RulesExport,
} from '@ferrite/contracts';
import { dataOf, type OrgArg, type PageArg, pageParams } from '../../../app/apiKit';
import type { ArchiveTab } from '../../../ui/archiveTabs';
import { alertBase, alertsApi, type RuleArg, ruleUrl, SILENT } from './apiBase';

const LISTS = ['AlertRules', 'Alerts'] as const;

const rulesEndpoints = alertsApi.injectEndpoints({
  endpoints: (build) => ({
    listRules: build.query<RuleListResponse, OrgArg & PageArg & { tab: ArchiveTab }>({
      query: ({ orgId, tab, ...page }) => ({
        url: `${alertBase(orgId)}/rules`,
        params: pageParams(page, { is_archived: String(tab === 'archived') }),
      }),
      extraOptions: SILENT,
      providesTags: ['AlertRules'],
    }),
    getRule: build.query<AlertRule, RuleArg>({
      query: (arg) => ruleUrl(arg),
      extraOptions: SILENT,
      providesTags: (_r, _e, { ruleId }) => [{ type: 'AlertRules', id: ruleId }],
    }),
    createRule: build.mutation<AlertRule, OrgArg & { body: RuleBody }>({
      query: ({ orgId, body }) => ({ url: `${alertBase(orgId)}/rules`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...LISTS] : []),
    }),
    updateRule: build.mutation<AlertRule, RuleArg & { body: RuleBody }>({
      query: ({ body, ...arg }) => ({ url: ruleUrl(arg), method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [...LISTS] : []),
      async onQueryStarted({ orgId, ruleId }, { dispatch, queryFulfilled }) {
        const saved = await dataOf(queryFulfilled);
        if (saved) dispatch(rulesEndpoints.util.upsertQueryData('getRule', { orgId, ruleId }, saved));
      },
    }),
    setRuleArchived: build.mutation<AlertRule, RuleArg & { archived: boolean }>({
      query: ({ archived, ...arg }) => ({
        url: ruleUrl(arg, archived ? '/archive' : '/unarchive'),
        method: 'POST',
      }),
      invalidatesTags: (result) => (result ? [...LISTS] : []),
    }),
    deleteRule: build.mutation<void, RuleArg>({
      query: (arg) => ({ url: ruleUrl(arg), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [...LISTS]),
    }),
    exportRules: build.mutation<RulesExport, OrgArg>({
      query: ({ orgId }) => ({ url: `${alertBase(orgId)}/rules/export` }),
    }),
    importRules: build.mutation<{ imported: number; rules: AlertRule[] }, OrgArg & { body: unknown }>({
      query: ({ orgId, body }) => ({ url: `${alertBase(orgId)}/rules/import`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...LISTS] : []),
    }),
    previewRule: build.mutation<RulePreview, OrgArg & { data: RuleData }>({
      query: ({ orgId, data }) => ({
        url: `${alertBase(orgId)}/rules/preview`,
        method: 'POST',
        body: { data },
      }),
      extraOptions: SILENT,
    }),
    backtestRule: build.mutation<RuleBacktest, OrgArg & { data: RuleData; days?: number }>({
      query: ({ orgId, data, days }) => ({
        url: `${alertBase(orgId)}/rules/backtest`,
        method: 'POST',
        body: { data, days },
      }),
    }),
  }),
});

export { rulesEndpoints };
export const {
  useListRulesQuery,
  useGetRuleQuery,
  useCreateRuleMutation,
  useUpdateRuleMutation,
  useSetRuleArchivedMutation,
  useDeleteRuleMutation,
  useExportRulesMutation,
  useImportRulesMutation,
  usePreviewRuleMutation,
  useBacktestRuleMutation,
} = rulesEndpoints;
