/**
 * Who gets which message: members named by id (their e-mail and phone), every active member of the
 * named user groups, and plain addresses, each by every medium that can reach them. Ids are looked up
 * in the alert's own organization only, so a rule naming another organization's user or group reaches
 * no one there. An alert raised without recipients (another app's, such as a gateway offline) goes to
 * the organization's admins.
 */
import type { AlertMedium, Recipients } from '@ferrite/contracts';
import type { Member, NotificationRepository, PlannedNotification } from './repository';

const PHONE = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a stored recipient spec names anyone (an empty object is "none given"). */
function hasRecipients(spec: Partial<Recipients> | null | undefined): spec is Recipients {
  return Boolean(spec && (spec.user_ids?.length || spec.group_ids?.length || spec.addresses?.length));
}

/** The messages of one round: one per recipient and medium, without duplicates. */
export async function planNotifications(
  repo: NotificationRepository,
  orgId: string,
  media: readonly string[],
  spec: Partial<Recipients> | null | undefined,
): Promise<PlannedNotification[]> {
  const chosen = (media.length > 0 ? media : ['in_app']) as AlertMedium[];
  let members: Member[];
  let addresses: string[] = [];
  if (hasRecipients(spec)) {
    const [byId, byGroup] = await Promise.all([
      repo.membersById(orgId, spec.user_ids ?? []),
      repo.membersOfGroups(orgId, spec.group_ids ?? []),
    ]);
    members = [...byId, ...byGroup];
    addresses = spec.addresses ?? [];
  } else {
    members = await repo.admins(orgId);
  }
  const planned = new Map<string, PlannedNotification>();
  const shownAs = inAppNames(members);
  const add = (item: PlannedNotification) => {
    planned.set(`${item.medium}\n${item.recipient}`, item);
  };
  for (const member of members) {
    for (const medium of chosen) {
      if (medium === 'in_app')
        add({
          medium,
          recipient: shownAs.get(member.id) ?? member.name,
          userId: member.id,
          address: member.id,
        });
      else if (medium === 'email')
        add({ medium, recipient: member.email, userId: member.id, address: member.email });
      else if (member.phone && PHONE.test(member.phone))
        add({ medium, recipient: member.phone, userId: member.id, address: member.phone });
    }
  }
  for (const address of addresses) {
    for (const medium of chosen) {
      if (medium === 'email' && EMAIL.test(address))
        add({ medium, recipient: address, userId: null, address });
      if ((medium === 'sms' || medium === 'whatsapp') && PHONE.test(address))
        add({ medium, recipient: address, userId: null, address });
    }
  }
  return [...planned.values()];
}

/**
 * In-app messages are recorded by the member's name; two members of the same name are told apart by
 * their e-mail, so neither loses their message to the other's row.
 */
function inAppNames(members: readonly Member[]): Map<string, string> {
  const ids = new Map<string, Set<string>>();
  for (const member of members) ids.set(member.name, (ids.get(member.name) ?? new Set()).add(member.id));
  return new Map(
    members.map((member) => [
      member.id,
      (ids.get(member.name)?.size ?? 0) > 1 ? `${member.name} <${member.email}>` : member.name,
    ]),
  );
}
