/**
 * A small ICU MessageFormat subset, enough for shop texts:
 *
 *   "Hello {name}"
 *   "{count, plural, =0 {none} one {# item} few {# items} many {# items} other {# items}}"
 *   "{kind, select, room {Room} other {Item}}"
 *
 * Plural categories come from Intl.PluralRules, so Polish gets its real
 * one/few/many/other forms. `#` inside a plural branch is the formatted number.
 * A quoted apostrophe pair ('{' or '}') escapes a brace, '' is a literal apostrophe.
 */

export type MessageValues = Record<string, string | number>;

type Node =
  | { kind: 'text'; value: string }
  | { kind: 'pound' }
  | { kind: 'arg'; name: string }
  | { kind: 'plural'; name: string; offset: number; options: Map<string, Node[]> }
  | { kind: 'select'; name: string; options: Map<string, Node[]> };

export class MessageSyntaxError extends Error {
  constructor(message: string, source: string) {
    super(`${message} in message "${source}"`);
    this.name = 'MessageSyntaxError';
  }
}

class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  parse(): Node[] {
    const nodes = this.parseNodes(false);
    if (this.pos < this.src.length) this.fail('unexpected "}"');
    return nodes;
  }

  private fail(message: string): never {
    throw new MessageSyntaxError(`${message} at ${this.pos}`, this.src);
  }

  private parseNodes(inPlural: boolean): Node[] {
    const nodes: Node[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push({ kind: 'text', value: text });
      text = '';
    };
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos];
      if (ch === '}') break;
      if (ch === '{') {
        flush();
        nodes.push(this.parseArgument());
        continue;
      }
      if (ch === '#' && inPlural) {
        flush();
        nodes.push({ kind: 'pound' });
        this.pos += 1;
        continue;
      }
      if (ch === "'") {
        text += this.parseQuoted();
        continue;
      }
      text += ch;
      this.pos += 1;
    }
    flush();
    return nodes;
  }

  private parseQuoted(): string {
    const next = this.src[this.pos + 1];
    if (next === "'") {
      this.pos += 2;
      return "'";
    }
    if (next === '{' || next === '}' || next === '#') {
      const end = this.src.indexOf("'", this.pos + 1);
      if (end === -1) this.fail('unterminated quote');
      const literal = this.src.slice(this.pos + 1, end);
      this.pos = end + 1;
      return literal;
    }
    this.pos += 1;
    return "'";
  }

  private skipSpace() {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos] ?? '')) this.pos += 1;
  }

  private readWord(): string {
    this.skipSpace();
    const match = /^[^\s{},]+/.exec(this.src.slice(this.pos));
    if (!match) this.fail('expected a name');
    this.pos += match[0].length;
    this.skipSpace();
    return match[0];
  }

  private expect(ch: string) {
    if (this.src[this.pos] !== ch) this.fail(`expected "${ch}"`);
    this.pos += 1;
  }

  private parseArgument(): Node {
    this.expect('{');
    const name = this.readWord();
    if (this.src[this.pos] === '}') {
      this.pos += 1;
      return { kind: 'arg', name };
    }
    this.expect(',');
    const type = this.readWord();
    if (type !== 'plural' && type !== 'select') this.fail(`unsupported argument type "${type}"`);
    this.expect(',');
    let offset = 0;
    const options = new Map<string, Node[]>();
    for (;;) {
      this.skipSpace();
      if (this.src[this.pos] === '}') break;
      const key = this.readWord();
      if (type === 'plural' && key.startsWith('offset:')) {
        offset = Number(key.slice('offset:'.length));
        continue;
      }
      this.expect('{');
      options.set(key, this.parseNodes(type === 'plural'));
      this.expect('}');
    }
    this.expect('}');
    if (!options.has('other')) this.fail(`"${name}" needs an "other" branch`);
    return type === 'plural'
      ? { kind: 'plural', name, offset, options }
      : { kind: 'select', name, options };
  }
}

const cache = new Map<string, Node[]>();

function parse(message: string): Node[] {
  let nodes = cache.get(message);
  if (!nodes) {
    nodes = new Parser(message).parse();
    cache.set(message, nodes);
  }
  return nodes;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(languageTag: string, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(languageTag);
  if (!rules) {
    rules = new Intl.PluralRules(languageTag);
    pluralRules.set(languageTag, rules);
  }
  return rules.select(n);
}

function render(
  nodes: Node[],
  values: MessageValues,
  languageTag: string,
  pound: string | undefined,
): string {
  let out = '';
  for (const node of nodes) {
    switch (node.kind) {
      case 'text':
        out += node.value;
        break;
      case 'pound':
        out += pound ?? '#';
        break;
      case 'arg': {
        const value = values[node.name];
        out +=
          value === undefined
            ? `{${node.name}}`
            : typeof value === 'number'
              ? new Intl.NumberFormat(languageTag).format(value)
              : value;
        break;
      }
      case 'plural': {
        const n = Number(values[node.name] ?? 0);
        const shifted = n - node.offset;
        const branch =
          node.options.get(`=${n}`) ??
          node.options.get(pluralCategory(languageTag, shifted)) ??
          node.options.get('other') ??
          [];
        out += render(branch, values, languageTag, new Intl.NumberFormat(languageTag).format(shifted));
        break;
      }
      case 'select': {
        const key = String(values[node.name] ?? 'other');
        const branch = node.options.get(key) ?? node.options.get('other') ?? [];
        out += render(branch, values, languageTag, pound);
        break;
      }
    }
  }
  return out;
}

/** Formats an ICU-style message for a BCP 47 language tag ("pl", "de", "en-GB"). */
export function formatMessage(
  message: string,
  values: MessageValues = {},
  languageTag = 'pl',
): string {
  return render(parse(message), values, languageTag, undefined);
}
