// The toolkit ships no types; these cover the calls this adapter makes. A string argument makes the
// toolkit fetch it as a URL with the global fetch, so only parsed objects are ever passed.
declare module 'jsonstat-toolkit' {
  interface JsonStatCategory {
    label: string | null;
    unit: Record<string, unknown> | null;
  }
  interface JsonStatDimension {
    label: string | null;
    id: string[];
    role: string | null;
    Category(code: string): JsonStatCategory | null;
  }
  interface JsonStatDataset {
    class: string;
    label: string | null;
    source: string | null;
    updated: string | null;
    id: string[];
    n: number;
    Dimension(id: string): JsonStatDimension | null;
    toTable(options: {
      type: 'arrobj';
      content: 'id';
      status: true;
    }): Array<Record<string, string | number | null> & { value: number | null; status: string | null }>;
  }
  function JSONstat(input: object): JsonStatDataset;
  export default JSONstat;
}
