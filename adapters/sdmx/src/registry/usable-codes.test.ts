import { describe, expect, it } from 'vitest';
import { resolveFlow } from './flow-structure.js';
import { parseStructureMessage } from './parse-structure-message.js';
import { usableCodes } from './usable-codes.js';

// Hand-written: no recorded constraint excludes codes.
const MESSAGE = `<?xml version="1.0"?><mes:Structure xmlns:mes="m" xmlns:str="s" xmlns:com="c">
<mes:Header><mes:Prepared>2026-01-01T00:00:00Z</mes:Prepared></mes:Header><mes:Structures>
<str:Dataflows><str:Dataflow agencyID="A" id="F" version="1.0"><com:Name>F</com:Name><str:Structure><Ref agencyID="A" id="D" version="1.0"/></str:Structure></str:Dataflow></str:Dataflows>
<str:Codelists><str:Codelist agencyID="A" id="CL" version="1.0"><str:Code id="X"/><str:Code id="Y"/><str:Code id="Z"/></str:Codelist></str:Codelists>
<str:DataStructures><str:DataStructure agencyID="A" id="D" version="1.0"><str:DataStructureComponents><str:DimensionList>
<str:Dimension id="AREA" position="1"><str:LocalRepresentation><str:Enumeration><Ref agencyID="A" id="CL" version="1.0"/></str:Enumeration></str:LocalRepresentation></str:Dimension>
</str:DimensionList></str:DataStructureComponents></str:DataStructure></str:DataStructures>
<str:Constraints><str:ContentConstraint id="C" type="Allowed"><str:ConstraintAttachment><str:Dataflow><Ref id="F"/></str:Dataflow></str:ConstraintAttachment>
<str:CubeRegion include="false"><com:KeyValue id="AREA"><com:Value>Y</com:Value></com:KeyValue></str:CubeRegion>
</str:ContentConstraint></str:Constraints></mes:Structures></mes:Structure>`;

describe('usableCodes', () => {
  it('leaves out the codes an Allowed constraint excludes', async () => {
    const flow = resolveFlow(await parseStructureMessage(MESSAGE), 'F', 'A', 'en', {
      url: 'u',
      fetchedAt: 't',
    });
    const usable = usableCodes(flow.dimensions[0] as (typeof flow.dimensions)[number]);
    expect(usable.codes?.map((c) => c.id)).toEqual(['X', 'Z']);
    expect(usable).toMatchObject({ codelistSize: 3, constrained: true });
  });
});
