/**
 * The figures /about shows, computed from the programs the build lists — never typed in. A figure
 * the product cannot measure (families helped, "24/7 support") is not shown as a number; what is
 * true is said instead (ABOUT_STATEMENTS). Pure.
 */

/** What a figure needs of a listed program. */
export interface FigureProgram {
  state: string;
  /** The provider is a Verified provider (src/lib/trust.ts). */
  verified: boolean;
}

export interface AboutFigure {
  value: string;
  label: string;
}

function count(n: number, one: string, many: string): AboutFigure {
  return { value: n.toLocaleString('en-US'), label: n === 1 ? one : many };
}

/** Programs listed, states covered (distinct states, compared ignoring case and spacing), verified providers' programs. */
export function aboutFigures(programs: readonly FigureProgram[]): AboutFigure[] {
  const states = new Set(
    programs.map((p) => p.state.trim().replace(/\s+/g, ' ').toLowerCase()).filter(Boolean),
  );
  const verified = programs.filter((p) => p.verified).length;
  return [
    count(programs.length, 'Program listed', 'Programs listed'),
    count(states.size, 'State covered', 'States covered'),
    count(verified, 'Program from a Verified provider', 'Programs from Verified providers'),
  ];
}

/** True statements in place of figures nobody can measure. */
export const ABOUT_STATEMENTS = {
  crisis: 'The crisis lines listed on every page are open 24/7.',
} as const;
