/** The key a field is stored under in the engine, apart from the document id whatever the field is called. */
export function fieldKey(name: string): string {
  return `field:${name}`;
}
