import type { ConstraintInfo } from './structure-types.js';
import { annotations, list, type Node, refOf, textOf } from './xml-nodes.js';

/**
 * A content constraint (2.1 ContentConstraint with `type`, 3.0 DataConstraint with `role`):
 * included and excluded codes per dimension, whole keys of key sets, the time range, and the
 * counts availability answers attach as annotations.
 */
export function parseConstraint(node: Node): ConstraintInfo {
  const included: Record<string, Set<string>> = {};
  const excluded: Record<string, Set<string>> = {};
  let timeRange: ConstraintInfo['timeRange'] = null;
  const add = (into: Record<string, Set<string>>, keyValues: Node) => {
    for (const kv of list(keyValues)) {
      const id = String(kv.id);
      const range = kv.TimeRange;
      if (range && into === included) timeRange = timeRangeOf(range);
      const codes = into[id] ?? new Set<string>();
      for (const v of list(kv.Value)) {
        const code = textOf(v);
        if (code) codes.add(code);
      }
      if (codes.size > 0) into[id] = codes;
    }
  };
  const keys: Array<Record<string, string>> = [];
  for (const set of list(node.DataKeySet)) {
    const including = set.isIncluded !== 'false';
    for (const key of list(set.Key)) {
      add(including ? included : excluded, key.KeyValue);
      if (including) {
        keys.push(
          Object.fromEntries(
            list(key.KeyValue).map((kv: Node) => [String(kv.id), textOf(list(kv.Value)[0]) ?? '']),
          ),
        );
      }
    }
  }
  for (const region of list(node.CubeRegion)) {
    add(region.include === 'false' ? excluded : included, region.KeyValue);
  }
  const attachment = node.ConstraintAttachment ?? {};
  const notes = annotations(node);
  const count = (id: string) => {
    const note = notes.find((a) => a.id === id);
    const n = Number(note?.title ?? note?.text);
    return note && Number.isFinite(n) ? n : null;
  };
  const sets = (from: Record<string, Set<string>>) =>
    Object.fromEntries(Object.entries(from).map(([dim, codes]) => [dim, [...codes]]));
  return {
    id: String(node.id),
    agency: node.agencyID === undefined ? null : String(node.agencyID),
    type: String(node.type ?? node.role ?? 'Actual'),
    dataflows: list(attachment.Dataflow)
      .map((d: Node) => refOf(d)?.id)
      .filter((id): id is string => Boolean(id)),
    included: sets(included),
    excluded: sets(excluded),
    timeRange,
    keys,
    observationCount: count('obs_count'),
    seriesCount: count('series_count'),
  };
}

function timeRangeOf(range: Node): { start: string | null; end: string | null } {
  const start = textOf(range.StartPeriod) ?? textOf(range.AfterPeriod);
  const end = textOf(range.EndPeriod) ?? textOf(range.BeforePeriod);
  return { start, end };
}
