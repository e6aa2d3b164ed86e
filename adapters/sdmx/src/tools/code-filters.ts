import { OpenDataError } from '@opendata-mcp/core';
import type { CodeInfo, HierarchyInfo } from '../registry/structure-types.js';
import { codeTree } from '../resolution/code-tree.js';
import { hierarchyGroups } from '../resolution/hierarchies.js';
import { membersOf } from '../resolution/members.js';
import { resolveCode } from '../resolution/resolve-code.js';
import { wordForms } from '../resolution/word-forms.js';

/** Whether a code matches the words asked: its id contains the text, or its names hold every word form. */
export function codeMatcher(query: string | undefined): (code: CodeInfo) => boolean {
  if (!query) return () => true;
  const text = query.toLowerCase();
  const wanted = wordForms(query);
  return (code) => {
    if (code.id.toLowerCase().includes(text)) return true;
    if (wanted.length === 0) return false;
    return code.names.some((name) => {
      const forms = new Set(wordForms(name.value));
      return wanted.every((w) => forms.has(w));
    });
  };
}

/** The members of a group named by code or label; a label several groups share is refused with them. */
export function memberCodes(
  codes: CodeInfo[],
  asked: string,
  dimension: string,
  language: string,
  hierarchies: HierarchyInfo[],
): string[] {
  // Only groups the code list gives members are candidates; the others would list nothing.
  const tree = codeTree(codes);
  const inHierarchy = hierarchyGroups(hierarchies);
  const groups = codes.filter((c) => tree.children.has(c.id) || inHierarchy.has(c.id));
  const hit = resolveCode(groups, asked, { role: 'geography', language });
  if (hit.status === 'ambiguous') {
    throw new OpenDataError(
      'invalid_input',
      `"${asked.slice(0, 60)}" fits several groups of ${dimension}: ${hit.candidates.map((c) => `${c.code} (${c.label})`).join(', ')}.`,
      { hint: 'Give member_of as one of these codes.' },
    );
  }
  if (hit.status === 'unknown') {
    throw new OpenDataError('invalid_input', `No group of ${dimension} matches "${asked.slice(0, 60)}".`, {
      hint: 'list_codes with kind "aggregates" lists the groups.',
    });
  }
  return membersOf(codes, hit.code, hierarchies).codes;
}
