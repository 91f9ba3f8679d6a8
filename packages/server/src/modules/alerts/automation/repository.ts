/** SQL of automation: the actions of an alert's rule, read in the alert's organization. */
import type { RuleAction } from '@ferrite/contracts';
import { Repository } from '../../../platform/db/repository';

/** Data access for automation. */
export class AutomationRepository extends Repository {
  /** The rule's actions; none when the rule is gone or belongs to another organization. */
  async ruleActions(orgId: string, ruleId: string): Promise<RuleAction[]> {
    const row = await this.db
      .selectFrom('alert_rules')
      .select('actions')
      .where('org_id', '=', orgId)
      .where('id', '=', ruleId)
      .executeTakeFirst();
    return row?.actions ?? [];
  }
}
