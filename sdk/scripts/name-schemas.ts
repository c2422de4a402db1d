/**
 * Gives every schema of the document a name tsc keeps. openapi-typescript writes schemas as
 * members of `interface components { schemas: { … } }` and references as
 * `components["schemas"]["Assistant"]`: indexed types with no name of their own, so errors and
 * hovers spelled out hundreds of characters of structure. This moves each schema to a top-level
 * `export type Assistant = { … }` (an alias declared on the shape itself, which tsc keeps) and points
 * `components['schemas']['Assistant']` at it. References stay `components['schemas'][…]`: tsc
 * names them all the same, and typedoc reads them as the exported `components`.
 * Type aliases, not interfaces: they stay assignable to index signatures exactly as before.
 */
import ts from 'typescript';

const propertyName = (member: ts.TypeElement): string | undefined =>
  ts.isPropertySignature(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
    ? member.name.text
    : undefined;

/** Rewrites openapi-typescript's output: one named top-level type per schema (see above). */
export function nameSchemas(nodes: ts.Node[]): ts.Node[] {
  const components = nodes.find(
    (n): n is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(n) && n.name.text === 'components',
  );
  const schemasMember = components?.members.find((m) => propertyName(m) === 'schemas');
  if (!components || !schemasMember || !ts.isPropertySignature(schemasMember) || !schemasMember.type)
    throw new Error('nameSchemas: openapi-typescript no longer writes interface components { schemas }');
  const schemasType = schemasMember.type;
  if (!ts.isTypeLiteralNode(schemasType)) throw new Error('nameSchemas: components.schemas is not a literal');
  const names = new Set(schemasType.members.map(propertyName).filter((n) => n !== undefined));
  for (const name of names)
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || nodes.some((n) => declaredName(n) === name))
      throw new Error(`nameSchemas: schema "${name}" cannot be a top-level type name`);

  const exported = [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)];
  const hoisted: ts.Node[] = [];
  const schemaMembers = schemasType.members.map((member) => {
    const name = propertyName(member);
    if (!name || !ts.isPropertySignature(member) || !member.type) return member;
    const alias = ts.factory.createTypeAliasDeclaration(exported, name, undefined, member.type);
    const comments = ts.getSyntheticLeadingComments(member);
    if (comments) ts.setSyntheticLeadingComments(alias, comments);
    else
      ts.addSyntheticLeadingComment(
        alias,
        ts.SyntaxKind.MultiLineCommentTrivia,
        `* \`${name}\` as Vapi's OpenAPI document defines it. `,
        true,
      );
    hoisted.push(alias);
    return ts.factory.createPropertySignature(
      member.modifiers,
      member.name,
      member.questionToken,
      ts.factory.createTypeReferenceNode(name),
    );
  });
  const newComponents = ts.factory.updateInterfaceDeclaration(
    components,
    components.modifiers,
    components.name,
    components.typeParameters,
    components.heritageClauses,
    components.members.map((m) =>
      m === schemasMember
        ? ts.factory.updatePropertySignature(
            schemasMember,
            schemasMember.modifiers,
            schemasMember.name,
            schemasMember.questionToken,
            ts.factory.updateTypeLiteralNode(schemasType, ts.factory.createNodeArray(schemaMembers)),
          )
        : m,
    ),
  );
  // The root exports this module as `schemas` too: typedoc wants each declaration documented.
  for (const node of nodes) {
    const name = declaredName(node);
    if (name && node !== components && !ts.getSyntheticLeadingComments(node))
      ts.addSyntheticLeadingComment(
        node,
        ts.SyntaxKind.MultiLineCommentTrivia,
        `* \`${name}\` of Vapi's OpenAPI document, as openapi-typescript writes it. `,
        true,
      );
  }
  return [...nodes.map((n) => (n === components ? newComponents : n)), ...hoisted];
}

function declaredName(node: ts.Node): string | undefined {
  return ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) ? node.name.text : undefined;
}
