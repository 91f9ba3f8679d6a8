/** A count with its noun in the right number: '1 gateway', '3 gateways', '1,204 entities'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
