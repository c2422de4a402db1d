/**
 * A small stand-in for class-validator: checks a JSON body against per-field rules and
 * words failures exactly as Vapi (NestJS + class-validator) does, e.g.
 * `name must be a string`, `property foo should not exist`.
 */
export interface FieldRule {
  type: 'string' | 'number' | 'boolean' | 'object' | 'array';
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  enum?: readonly string[];
  /** Rules for the fields of a nested object (messages use `parent.child`). */
  fields?: Rules;
}

export type Rules = Record<string, FieldRule>;

export interface ValidateOptions {
  /** Reject fields that have no rule (Vapi's `forbidNonWhitelisted`). */
  whitelist?: boolean;
  /** Skip `required` checks (PATCH bodies). */
  partial?: boolean;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function validate(
  body: Record<string, unknown>,
  rules: Rules,
  options: ValidateOptions = {},
): string[] {
  return check(body, rules, options, '');
}

function check(
  body: Record<string, unknown>,
  rules: Rules,
  options: ValidateOptions,
  prefix: string,
): string[] {
  const messages: string[] = [];
  if (options.whitelist) {
    for (const key of Object.keys(body)) {
      if (!(key in rules)) messages.push(`property ${prefix}${key} should not exist`);
    }
  }
  for (const [key, rule] of Object.entries(rules)) {
    const value = body[key];
    const name = prefix + key;
    if (value === undefined) {
      if (rule.required && !options.partial) messages.push(...missing(name, rule));
      continue;
    }
    // class-validator's @IsOptional() skips null too: a PATCH sends null to unset a field.
    if (value === null && options.partial) continue;
    messages.push(...checkValue(name, value, rule));
    if (rule.fields && isPlainObject(value)) {
      messages.push(...check(value, rule.fields, { whitelist: options.whitelist }, `${name}.`));
    }
  }
  return messages;
}

function missing(name: string, rule: FieldRule): string[] {
  return [`${name} should not be empty`, ...checkValue(name, undefined, rule)];
}

function checkValue(name: string, value: unknown, rule: FieldRule): string[] {
  switch (rule.type) {
    case 'string': {
      if (typeof value !== 'string') {
        const out = [`${name} must be a string`];
        if (rule.enum) out.unshift(enumMessage(name, rule.enum));
        return out;
      }
      if (rule.enum && !rule.enum.includes(value)) return [enumMessage(name, rule.enum)];
      if (rule.maxLength !== undefined && value.length > rule.maxLength) {
        return [`${name} must be shorter than or equal to ${rule.maxLength} characters`];
      }
      return [];
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        return [`${name} must be a number conforming to the specified constraints`];
      }
      if (rule.min !== undefined && value < rule.min) return [`${name} must not be less than ${rule.min}`];
      if (rule.max !== undefined && value > rule.max) return [`${name} must not be greater than ${rule.max}`];
      return [];
    }
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${name} must be a boolean value`];
    case 'object':
      return isPlainObject(value) ? [] : [`${name} must be an object`];
    case 'array':
      return Array.isArray(value) ? [] : [`${name} must be an array`];
  }
}

function enumMessage(name: string, values: readonly string[]): string {
  return `${name} must be one of the following values: ${values.join(', ')}`;
}
