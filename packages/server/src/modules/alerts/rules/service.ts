/**
 * What rule managers do: list, read, create, replace, archive, unarchive, delete, export and import
 * (all or nothing). What a rule names must be the organization's (references.ts, 422 naming the field).
 * Every write records activity in its transaction, then tells every node's evaluator to forget its
 * rule cache (cluster bus `ferrite_alert_rules_changed`, { orgId }).
 */
import { type AlertRule, type AlertSeverity, RULES_EXPORT_FORMAT, type RuleInput } from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import { pageWindow, searchPattern } from '../../../platform/http/paging';
import { assertUsable } from '../../../platform/http/problem';
import { type Actor, activityBase, problems, RULES_CHANGED_CHANNEL } from '../shared';
import { presentRules, ruleAsBody } from './presenter';
import { loadCatalog, membersNamed, referenceErrors } from './references';
import { type RuleRepository, type RuleValues, scopeColumns } from './repository';

const NOT_FOUND = 'Alert rule';

/** The stored columns of a checked body. */
function valuesOf(body: RuleInput): RuleValues {
  return {
    rule_name: body.rule_name,
    description: body.description,
    severity: body.severity,
    enabled: body.enabled,
    message: body.message,
    ...scopeColumns(body.data.scope),
    data: JSON.stringify(body.data),
    policy: JSON.stringify(body.policy),
    grouping: body.grouping,
    media: JSON.stringify(body.media),
    recipients: JSON.stringify(body.recipients),
    actions: JSON.stringify(body.actions),
  };
}

/** The alert rules use cases. */
export class RuleService {
  constructor(
    private readonly repo: RuleRepository,
    private readonly deps: AppDeps,
  ) {}

  /** One page of a tab with both tabs' totals. */
  async list(
    orgId: string,
    query: {
      is_archived: boolean;
      search?: string | undefined;
      severity?: AlertSeverity | undefined;
      page_number: number;
      page_size: number;
    },
  ) {
    const page = await this.repo.listPage(orgId, {
      archived: query.is_archived,
      pattern: searchPattern(query.search),
      ...(query.severity ? { severity: query.severity } : {}),
      ...pageWindow(query),
    });
    return {
      rules: await presentRules(this.repo, orgId, page.rows),
      total_entries: page.total,
      counts: { active: page.active, archived: page.archived },
    };
  }

  /** One rule of the organization (404 otherwise). */
  async get(orgId: string, id: string): Promise<AlertRule> {
    const row = await this.repo.findListed(orgId, id);
    if (!row) throw problems.notFound(NOT_FOUND);
    const [rule] = await presentRules(this.repo, orgId, [row]);
    return rule as AlertRule;
  }

  /** Creates a rule after checking what it names. */
  async create(actor: Actor, body: RuleInput): Promise<AlertRule> {
    assertUsable(referenceErrors(body, await loadCatalog(this.deps.db, actor.orgId, [body]), 'body'));
    const id = await this.repo.transaction(async (trx) => {
      const ruleId = await trx.insert(actor.orgId, actor.userId, valuesOf(body));
      await trx.recordActivity({
        ...activityBase(actor, 'alert_rule', ruleId),
        action: 'created',
        summary: `Created alert rule "${body.rule_name}"`,
        after: body,
      });
      return ruleId;
    });
    await this.changed(actor.orgId);
    return this.get(actor.orgId, id);
  }

  /** Replaces a rule; people it already named stay allowed even if they left since. */
  async update(actor: Actor, id: string, body: RuleInput): Promise<AlertRule> {
    const catalog = await loadCatalog(this.deps.db, actor.orgId, [body]);
    await this.repo.transaction(async (trx) => {
      const before = await trx.findForUpdate(actor.orgId, id);
      if (!before) throw problems.notFound(NOT_FOUND);
      assertUsable(referenceErrors(body, catalog, 'body', membersNamed(before)));
      await trx.update(actor.orgId, id, valuesOf(body));
      await trx.recordActivity({
        ...activityBase(actor, 'alert_rule', id),
        action: 'updated',
        summary: `Updated alert rule "${body.rule_name}"`,
        before: ruleAsBody(before),
        after: body,
      });
    });
    await this.changed(actor.orgId);
    return this.get(actor.orgId, id);
  }

  /** Archives (stops evaluating) or unarchives a rule; 409 when it already is. */
  async setArchived(actor: Actor, id: string, archive: boolean): Promise<AlertRule> {
    await this.repo.transaction(async (trx) => {
      const row = await trx.findForUpdate(actor.orgId, id);
      if (!row) throw problems.notFound(NOT_FOUND);
      if ((row.archived_at !== null) === archive)
        throw problems.conflict(`The rule is already ${archive ? 'archived' : 'active'}`);
      await trx.update(actor.orgId, id, { archived_at: archive ? new Date() : null });
      await trx.recordActivity({
        ...activityBase(actor, 'alert_rule', id),
        action: archive ? 'archived' : 'unarchived',
        summary: `${archive ? 'Archived' : 'Unarchived'} alert rule "${row.rule_name}"`,
      });
    });
    await this.changed(actor.orgId);
    return this.get(actor.orgId, id);
  }

  /** Deletes a rule; its alerts stay, without their rule. */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await trx.findForUpdate(actor.orgId, id);
      if (!row) throw problems.notFound(NOT_FOUND);
      await trx.delete(actor.orgId, id);
      await trx.recordActivity({
        ...activityBase(actor, 'alert_rule', id),
        action: 'deleted',
        summary: `Deleted alert rule "${row.rule_name}"`,
        before: ruleAsBody(row),
      });
    });
    await this.changed(actor.orgId);
  }

  /** The Active tab's rules as a file an import takes back. */
  async export(
    orgId: string,
  ): Promise<{ format: typeof RULES_EXPORT_FORMAT; exported_at: string; rules: RuleInput[] }> {
    const rows = await this.repo.activeRules(orgId);
    return {
      format: RULES_EXPORT_FORMAT,
      exported_at: new Date().toISOString(),
      rules: rows.map(ruleAsBody),
    };
  }

  /** Creates every rule of the file, or none when any names something not the organization's. */
  async import(actor: Actor, rules: RuleInput[]) {
    const catalog = await loadCatalog(this.deps.db, actor.orgId, rules);
    assertUsable(rules.flatMap((rule, index) => referenceErrors(rule, catalog, `body.rules.${index}`)));
    const ids = await this.repo.transaction(async (trx) => {
      const created: string[] = [];
      for (const rule of rules) created.push(await trx.insert(actor.orgId, actor.userId, valuesOf(rule)));
      await trx.recordActivity({
        ...activityBase(actor, 'alert_rule', null),
        action: 'imported',
        summary: `Imported ${rules.length} alert rule${rules.length === 1 ? '' : 's'}`,
      });
      return created;
    });
    await this.changed(actor.orgId);
    const rows = await this.repo.listedMany(actor.orgId, ids);
    const order = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { imported: ids.length, rules: await presentRules(this.repo, actor.orgId, rows) };
  }

  private changed(orgId: string): Promise<void> {
    return this.deps.bus.publish(RULES_CHANGED_CHANNEL, { orgId });
  }
}
