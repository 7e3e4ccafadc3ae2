/**
 * Hostile text for tests of everything that writes a person's or a program's words into HTML:
 * pieces that try to end an element or an attribute and smuggle in the probe element and
 * attribute below, plus characters parsers treat specially. A test draws strings from them and
 * then asserts that no probe element or attribute exists in what was written.
 */
import fc from 'fast-check';
import { parse } from 'parse5';

/** The element and the attribute every hostile string tries to smuggle in. */
export const PROBE_ELEMENT = 'x-probe';
export const PROBE_ATTRIBUTE = 'data-probe';

export const HOSTILE_PIECES = [
  '</title>',
  `<${PROBE_ELEMENT} ${PROBE_ATTRIBUTE}="1">`,
  `</script><${PROBE_ELEMENT} ${PROBE_ATTRIBUTE}>`,
  `"><${PROBE_ELEMENT} ${PROBE_ATTRIBUTE}=1>`,
  `'><${PROBE_ELEMENT} ${PROBE_ATTRIBUTE}=1>`,
  `" ${PROBE_ATTRIBUTE}="1`,
  `' ${PROBE_ATTRIBUTE}='1`,
  '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/phish">',
  '<a href="http://127.0.0.1:9/phish">',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '</textarea>',
  '</style>',
  '&amp;',
  '&lt;',
  '&#x3c;',
  '\\',
  '\u2028',
  '\u0000',
  'javascript:alert(1)',
  '{{x}}',
  '${x}',
  '<',
  '>',
  '"',
  "'",
  '`',
  'Calm Harbor',
  ' ',
  'é',
  '🙂',
] as const;

/** A hostile text with something visible in it (required fields refuse blank ones). */
export const hostileText = fc
  .array(fc.constantFrom(...HOSTILE_PIECES), { minLength: 1, maxLength: 8 })
  .map((parts) => `Probe ${parts.join('')} end`);

/** An element as a browser's parser builds it. */
export type ParsedElement = { name: string; attributes: Record<string, string>; text: string };

type Parse5Node = {
  tagName?: string;
  attrs?: { name: string; value: string }[];
  value?: string;
  childNodes?: Parse5Node[];
  content?: Parse5Node;
};

/** Every element of `html` as a browser's parser builds it (parse5 follows the HTML standard). */
export function parsedElements(html: string): ParsedElement[] {
  const found: ParsedElement[] = [];
  const visit = (node: Parse5Node) => {
    if (node.tagName !== undefined) {
      found.push({
        name: node.tagName,
        attributes: Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value])),
        text: (node.childNodes ?? []).map((c) => c.value ?? '').join(''),
      });
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parse(html) as unknown as Parse5Node);
  return found;
}

/** The probes that got through: elements named x-probe, and elements carrying data-probe. */
export function smuggled(elements: readonly ParsedElement[]): ParsedElement[] {
  return elements.filter((e) => e.name === PROBE_ELEMENT || PROBE_ATTRIBUTE in e.attributes);
}
