// The part of Airtable's formula language the stores send, evaluated against a record's fields
// the way Airtable does: an empty (absent) field is '' in text and 0 in a comparison with a
// number; FIND is 1-based and 0 when absent. Anything else is a parse error (a 422 in the fake).
//   expr    := concat (('=' | '!=' | '<' | '<=' | '>' | '>=') concat)?
//   concat  := primary ('&' primary)*
//   primary := AND(expr, …) | OR(expr, …) | NOT(expr) | FIND(expr, expr) | LOWER(expr)
//            | {Field} | 'text' | "text" | number

type Value = string | number | boolean | undefined;
type Fields = Record<string, unknown>;
type Node = (fields: Fields) => Value;

const FUNCTIONS = new Set(['AND', 'OR', 'NOT', 'FIND', 'LOWER']);

const text = (value: Value) => (value === undefined ? '' : String(value));
const truthy = (value: Value) => value !== undefined && value !== '' && value !== 0 && value !== false;

function compare(op: string, left: Value, right: Value): boolean {
  const numeric = typeof left === 'number' || typeof right === 'number';
  const a = numeric ? Number(left ?? 0) : text(left);
  const b = numeric ? Number(right ?? 0) : text(right);
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

/** Compiles a formula, or returns undefined when it is not in the subset. */
export function compileFormula(formula: string): ((fields: Fields) => boolean) | undefined {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(`formula: unexpected input at ${at}`);
  };
  const space = () => {
    while (/\s/.test(formula[at] ?? '')) at++;
  };
  const take = (token: string) => {
    space();
    if (formula.startsWith(token, at)) {
      at += token.length;
      return true;
    }
    return false;
  };
  const quoted = (quote: string): string => {
    let value = '';
    for (at++; at < formula.length; at++) {
      const char = formula[at]!;
      if (char === '\\') value += formula[++at] ?? fail();
      else if (char === quote) {
        at++;
        return value;
      } else value += char;
    }
    return fail();
  };
  const primary = (): Node => {
    space();
    const char = formula[at];
    if (char === "'" || char === '"') {
      const value = quoted(char);
      return () => value;
    }
    if (char === '{') {
      const end = formula.indexOf('}', at);
      if (end < 0) fail();
      const field = formula.slice(at + 1, end);
      at = end + 1;
      return (fields) => {
        const value = fields[field];
        return typeof value === 'string' || typeof value === 'number' ? value : undefined;
      };
    }
    const number = /^-?\d+(\.\d+)?/.exec(formula.slice(at));
    if (number) {
      at += number[0].length;
      const value = Number(number[0]);
      return () => value;
    }
    const name = /^[A-Z]+/.exec(formula.slice(at))?.[0];
    if (!name || !FUNCTIONS.has(name)) return fail();
    at += name.length;
    if (!take('(')) fail();
    const args: Node[] = [];
    if (!take(')')) {
      do args.push(expression());
      while (take(','));
      if (!take(')')) fail();
    }
    const [first, second] = args;
    switch (name) {
      case 'AND':
        return (fields) => args.length > 0 && args.every((arg) => truthy(arg(fields)));
      case 'OR':
        return (fields) => args.some((arg) => truthy(arg(fields)));
      case 'NOT':
        if (args.length !== 1) fail();
        return (fields) => !truthy(first!(fields));
      case 'LOWER':
        if (args.length !== 1) fail();
        return (fields) => text(first!(fields)).toLowerCase();
      default: // FIND
        if (args.length !== 2) fail();
        return (fields) => text(second!(fields)).indexOf(text(first!(fields))) + 1;
    }
  };
  const concat = (): Node => {
    const parts = [primary()];
    while (take('&')) parts.push(primary());
    return parts.length === 1 ? parts[0]! : (fields) => parts.map((part) => text(part(fields))).join('');
  };
  const expression = (): Node => {
    const left = concat();
    for (const op of ['!=', '<=', '>=', '=', '<', '>']) {
      if (take(op)) {
        const right = concat();
        return (fields) => compare(op, left(fields), right(fields));
      }
    }
    return left;
  };
  try {
    const root = expression();
    space();
    if (at !== formula.length) fail();
    return (fields) => truthy(root(fields));
  } catch {
    return undefined;
  }
}
