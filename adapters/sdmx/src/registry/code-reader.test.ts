import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseStructureMessage } from './parse-structure-message.js';

/** The codes of a one-list structure message whose codes are written as given. */
async function codesOf(codes: string, messageNamespace = 'm'): Promise<unknown[]> {
  const message = await parseStructureMessage(
    `<?xml version="1.0"?><mes:Structure xmlns:mes="${messageNamespace}" xmlns:str="s" xmlns:com="c"><mes:Header><mes:ID>T</mes:ID></mes:Header>` +
      `<mes:Structures><str:Codelists><str:Codelist agencyID="A" id="CL" version="1.0"><com:Name xml:lang="en">List</com:Name>` +
      `${codes}</str:Codelist></str:Codelists></mes:Structures></mes:Structure>`,
  );
  return message.codelists[0]?.codes ?? [];
}

describe('CodeReader', () => {
  it('reads id and names by language, trimmed, an empty name left out, other parts passed over', async () => {
    expect(
      await codesOf(
        `<str:Code id=" CH " urn="urn:x"><com:Name xml:lang="de"> Schweiz </com:Name><com:Name xml:lang="fr">Suisse</com:Name>` +
          `<com:Name xml:lang="it"> </com:Name><com:Description xml:lang="en">Not kept</com:Description>` +
          `<com:Annotations><com:Annotation><com:AnnotationText xml:lang="en">Nor this</com:AnnotationText></com:Annotation></com:Annotations>` +
          `<com:Name>No language <b>bold</b> here</com:Name></str:Code>`,
      ),
    ).toEqual([
      {
        id: 'CH',
        names: [
          { lang: 'de', value: 'Schweiz' },
          { lang: 'fr', value: 'Suisse' },
          { lang: '', value: 'No language  here' },
        ],
        parent: null,
      },
    ]);
  });

  it('reads the parent in every form: a 2.1 Ref, a URN (element or text), a 3.0 id as text', async () => {
    const parents = (await codesOf(
      `<str:Code id="A"><str:Parent><Ref id="TOP"/></str:Parent></str:Code>` +
        `<str:Code id="B"><str:Parent><URN>urn:sdmx:org.sdmx.infomodel.codelist.Code=X:CL(1.0).TOP</URN></str:Parent></str:Code>` +
        `<str:Code id="C"><str:Parent>urn:sdmx:org.sdmx.infomodel.codelist.Code=X:CL(1.0).MID</str:Parent></str:Code>` +
        `<str:Code id="D"><str:Parent> MID </str:Parent><com:Description>after the parent</com:Description></str:Code>` +
        `<str:Code id="E"><str:Parent/></str:Code>` +
        `<str:Code id="F"/>`,
    )) as Array<{ id: string; parent: string | null }>;
    expect(parents.map((c) => [c.id, c.parent])).toEqual([
      ['A', 'TOP'],
      ['B', 'TOP'],
      ['C', 'MID'],
      ['D', 'MID'],
      ['E', null],
      ['F', null],
    ]);
  });

  /** 2,000 codes with long ids, names and parents, in an SDMX-ML 3.0 message of over 20 MB. */
  const longCodes = () => {
    const padding = ' '.repeat(10_000);
    return Array.from(
      { length: 2_000 },
      (_, i) =>
        `<str:Code id="A_LONG_CODE_IDENTIFIER_${i}"><com:Name xml:lang="en">The name of code number ${i}, long (код ’${i}’)</com:Name>` +
        `<str:Parent><Ref id="A_LONG_PARENT_IDENTIFIER_${i}"/></str:Parent><com:Description>${padding}</com:Description></str:Code>`,
    ).join('');
  };
  // Read as SDMX-ML 3.0, whose namespace is found by a regular expression.
  const v3 = 'http://www.sdmx.org/resources/sdmxml/schemas/v3_0/message';

  /** How much the heap and the buffers outside it (where code tables keep their text) grow for keeping what `read` gives. */
  async function heapKept(read: () => Promise<unknown>): Promise<{ kept: unknown; growth: number }> {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    gc();
    const before = held();
    const kept = await read();
    gc();
    return { kept, growth: held() - before };
  }

  it('keeps no part of the message once read: what a code keeps are copies', async () => {
    const { kept, growth } = await heapKept(() => codesOf(longCodes(), v3));
    expect(kept).toHaveLength(2_000);
    // The message was over 20 MB; the codes themselves take well under 1 MB.
    expect(growth).toBeLessThan(4 * 1024 * 1024);
  });

  it('keeps no part of the message in a list whose codes were never asked for', async () => {
    const list = (xml: string) =>
      parseStructureMessage(
        `<?xml version="1.0"?><mes:Structure xmlns:mes="${v3}" xmlns:str="s" xmlns:com="c"><mes:Header><mes:ID>T</mes:ID></mes:Header>` +
          `<mes:Structures><str:Codelists><str:Codelist agencyID="A" id="CL" version="1.0">${xml}</str:Codelist></str:Codelists></mes:Structures></mes:Structure>`,
      ).then((message) => message.codelists[0]);
    const { kept, growth } = await heapKept(() => list(longCodes()));
    expect(growth).toBeLessThan(2 * 1024 * 1024);
    expect((kept as { codes: unknown[] }).codes).toHaveLength(2_000);
    // A list whose whole text is one name (the id is empty): no second piece to join it with.
    const lone = await heapKept(() =>
      list(
        `<str:Code id=""><com:Name xml:lang="uk">Назва єдиного коду, досить довга</com:Name>` +
          `<com:Description>${' '.repeat(20_000_000)}</com:Description></str:Code>`,
      ),
    );
    expect(lone.growth).toBeLessThan(2 * 1024 * 1024);
    expect((lone.kept as { codes: unknown[] }).codes).toEqual([
      { id: '', names: [{ lang: 'uk', value: 'Назва єдиного коду, досить довга' }], parent: null },
    ]);
  });
});
