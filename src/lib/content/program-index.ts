/** The functions' program index built from the program files: pure, so the generator script and the tests share it and functions import nothing from scripts/. */
import { parse } from 'yaml';
import { programSchema } from '../program-schema.ts';

/** What functions need to know about a program without bundling the content collection. */
export interface ProgramIndexEntry {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** The test program: valid for engagement and inquiries, never listed. */
  test: boolean;
  profilePath: string | null;
}

export interface ProgramSource {
  /** File name without `.md`; it is the program id. */
  id: string;
  source: string;
}

function frontmatter(id: string, source: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\s*(\r?\n|$)/.exec(source);
  if (!match) throw new Error(`content/programs/${id}.md: no frontmatter (--- … ---) at the top`);
  let data: unknown;
  try {
    data = parse(match[1] ?? '');
  } catch (error) {
    const reason =
      error instanceof Error ? (error.message.split('\n')[0] ?? '').replace(/:$/, '') : String(error);
    throw new Error(`content/programs/${id}.md: the frontmatter is not valid YAML (${reason})`, {
      cause: error,
    });
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`content/programs/${id}.md: frontmatter is not a YAML mapping`);
  }
  return data as Record<string, unknown>;
}

function optionalString(id: string, data: Record<string, unknown>, key: string): string | null {
  const value = data[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Error(`content/programs/${id}.md: ${key} must be text`);
  return value;
}

/** Program files in, index entries (sorted by id) out. */
export function buildProgramIndex(files: readonly ProgramSource[]): ProgramIndexEntry[] {
  return files
    .map(({ id, source }) => {
      const data = frontmatter(id, source);
      const name = data['name'];
      if (typeof name !== 'string' || name.trim() === '') {
        throw new Error(`content/programs/${id}.md: name is missing`);
      }
      return {
        id,
        name,
        email: optionalString(id, data, 'email'),
        phone: optionalString(id, data, 'phone'),
        test: data['test'] === true,
        profilePath: optionalString(id, data, 'profilePath'),
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * What is wrong with each program file, as an editor can act on it: one line per problem,
 * `content/programs/<id>.md: <field>: <what to do>`, every file and every field at once (the
 * build stops at the first file). The same schema as the build's, so a file that passes here
 * passes there.
 */
export function programFileProblems(files: readonly ProgramSource[]): string[] {
  return files.flatMap(({ id, source }) => {
    let data: Record<string, unknown>;
    try {
      data = frontmatter(id, source);
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
    const result = programSchema.safeParse(data);
    if (result.success) return [];
    return result.error.issues.map((issue) => {
      const field = issue.path.map(String).join('.');
      // Zod names an unknown field in the message; say where it is and how it is spelled.
      const message =
        issue.code === 'unrecognized_keys'
          ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} (a misspelling? docs/content-guide.md lists the fields)`
          : issue.message;
      return `content/programs/${id}.md: ${field === '' ? '' : `${field}: `}${message}`;
    });
  });
}
