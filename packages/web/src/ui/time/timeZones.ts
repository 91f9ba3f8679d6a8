/** The time zones a person may pick (a rule's schedule): every IANA name the browser knows, theirs first. */
export function browserTimeZones(): string[] {
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [local, ...all.filter((zone) => zone !== local)];
}
