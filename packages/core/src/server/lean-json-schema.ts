/**
 * Shrinks the JSON Schemas a server advertises in `tools/list`. Clients load that list into every
 * session, and each output schema used to repeat the envelope and provenance in full, descriptions
 * included. What stays is what a validator needs to check an answer's shape: types, required
 * fields, enums and constants, down to a depth. The full schemas remain available through
 * `opendata-mcp tools --json --full`; core validates every answer against them before it leaves the server.
 */

type Json = Record<string, unknown>;

// zod writes these bounds for every `z.int()`; they say nothing a client needs.
const SAFE_MIN = Number.MIN_SAFE_INTEGER;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/**
 * Input schemas keep every type, description and enum an agent reads. Defaults and numeric ranges
 * are stated once, in the description (docs/VOCABULARY.md: every description states the range and
 * the default; a test holds every tool to it), so their keywords go. So do length bounds of strings
 * and arrays, patterns and a branch marked deprecated (still accepted, no longer offered): core
 * checks every argument against the full schema and answers a violation with an `invalid_input`
 * that names the bound, which teaches more than a schema keyword. A union inside a parameter (a
 * filter value that is a code, a list or comparisons) keeps only the types of its branches: the
 * parameter's description gives the forms, in fewer bytes than a schema.
 */
export function leanInputSchema(schema: Json): Json {
  return withoutInputNoise(strip(schema, true) as Json, 0);
}

const STATED_IN_DESCRIPTIONS = new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'default',
]);

function withoutInputNoise(schema: Json, depth: number): Json {
  if (depth > 1 && Array.isArray(schema.anyOf ?? schema.oneOf)) return unionTypes(schema);
  const out: Json = {};
  for (const [key, child] of Object.entries(schema)) {
    if (STATED_IN_DESCRIPTIONS.has(key)) continue;
    if (key === 'properties' && child && typeof child === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(child as Record<string, Json>).map(([name, s]) => [
          name,
          withoutInputNoise(s, depth + 1),
        ]),
      );
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(child)) {
      out[key] = (child as Json[])
        .filter((branch) => branch.deprecated !== true)
        .map((branch) => withoutInputNoise(branch, depth));
    } else if ((key === 'items' || key === 'additionalProperties') && child && typeof child === 'object') {
      out[key] = withoutInputNoise(child as Json, depth + 1);
    } else out[key] = child;
  }
  return singleBranch(collapseTypeUnion(out));
}

/** A union reduced to the types its branches accept (anything, when a branch names none). */
function unionTypes(schema: Json): Json {
  const { anyOf, oneOf, ...rest } = schema;
  const types = new Set<unknown>();
  for (const branch of (anyOf ?? oneOf) as Json[]) {
    if (branch.deprecated === true) continue;
    const type = branchType(branch);
    if (type === undefined) return rest;
    for (const t of Array.isArray(type) ? type : [type]) types.add(t);
  }
  return { ...rest, type: types.size === 1 ? [...types][0] : [...types] };
}

function branchType(branch: Json): unknown {
  if ('const' in branch) return branch.const === null ? 'null' : typeof branch.const;
  if (branch.type !== undefined) return branch.type;
  return Array.isArray(branch.anyOf ?? branch.oneOf) ? unionTypes(branch).type : undefined;
}

/** An `anyOf` left with one branch (its siblings deprecated) is that branch, with the description kept. */
function singleBranch(schema: Json): Json {
  const branches = schema.anyOf as Json[] | undefined;
  if (!Array.isArray(branches) || branches.length !== 1) return schema;
  const { anyOf: _one, ...rest } = schema;
  return { ...(branches[0] as Json), ...rest };
}

/**
 * An output schema reduced to its shape: below `depth` levels of properties a field keeps only
 * its type. Descriptions, `additionalProperties: false` and `$schema` are dropped, so the
 * advertised schema accepts every answer the full one accepts.
 */
export function leanOutputSchema(schema: Json, depth = 1): Json {
  return shape(strip(schema, true) as Json, depth);
}

function strip(value: unknown, root: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, false));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$schema' && root) continue;
    if (key === 'minimum' && child === SAFE_MIN) continue;
    if (key === 'maximum' && child === SAFE_MAX) continue;
    // Property maps hold names, not keywords: a property may be called `minimum`.
    out[key] =
      key === 'properties' && child && typeof child === 'object'
        ? Object.fromEntries(Object.entries(child).map(([name, s]) => [name, strip(s, false)]))
        : strip(child, false);
  }
  return flattenAnyOf(out);
}

/** `anyOf: [{anyOf: [a, b]}, c]` accepts what `anyOf: [a, b, c]` accepts; zod nests unions so. */
function flattenAnyOf(schema: Json): Json {
  const branches = schema.anyOf as Json[] | undefined;
  if (!Array.isArray(branches)) return schema;
  const flat = branches.flatMap((b) =>
    Object.keys(b).length === 1 && Array.isArray(b.anyOf) ? (b.anyOf as Json[]) : [b],
  );
  return { ...schema, anyOf: flat };
}

const SHAPE_KEYWORDS = new Set([
  'type',
  'properties',
  'items',
  'required',
  'enum',
  'const',
  'anyOf',
  'oneOf',
]);

function shape(schema: Json, depth: number): Json {
  if (depth <= 0) return typeOnly(schema);
  const out: Json = {};
  for (const [key, child] of Object.entries(schema)) {
    if (!SHAPE_KEYWORDS.has(key)) continue;
    if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(child as Record<string, Json>).map(([name, s]) => [name, shape(s, depth - 1)]),
      );
    } else if (key === 'items' && child && typeof child === 'object' && !Array.isArray(child)) {
      out[key] = shape(child as Json, depth - 1);
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(child)) {
      out[key] = (child as Json[]).map((branch) => shape(branch, depth));
    } else out[key] = child;
  }
  return collapseTypeUnion(out);
}

/** The narrowest schema that still names a field's type: `{type}`, a constant, or anything. */
function typeOnly(schema: Json): Json {
  if ('const' in schema) return { const: schema.const };
  if (schema.type !== undefined) return { type: schema.type };
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches?.every((b) => b.type !== undefined)) {
    return collapseTypeUnion({ anyOf: branches.map((b) => ({ type: b.type })) });
  }
  return {};
}

/** `anyOf: [{type: a}, {type: b}]` says no more than `type: [a, b]`, in fewer bytes. */
function collapseTypeUnion(schema: Json): Json {
  const branches = schema.anyOf as Json[] | undefined;
  if (!branches?.every((b) => Object.keys(b).length === 1 && b.type !== undefined)) return schema;
  const types = [...new Set(branches.flatMap((b) => (Array.isArray(b.type) ? b.type : [b.type])))];
  const { anyOf: _dropped, ...rest } = schema;
  return { ...rest, type: types.length === 1 ? types[0] : types };
}

/**
 * The output schema a data tool advertises: its own fields with their types. The envelope fields
 * (ok, source, citation, retrieved_at) are the same for every tool and described once, in the
 * server instructions; repeating them, and a required list that named every field a second time,
 * made up much of the list. A client validating an answer loses nothing it needs: core checks
 * every answer against the full envelope schema before it leaves the server.
 */
export function advertisedDataOutput(own: Json): Json {
  const { required: _repeated, ...rest } = own;
  return { ...rest, type: 'object' };
}
