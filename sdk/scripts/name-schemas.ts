/**
 * Gives every schema of the document a name tsc keeps. openapi-typescript writes schemas as
 * members of `interface components { schemas: { … } }` and references as
 * `components["schemas"]["Assistant"]`: indexed types with no name of their own, so errors and
 * hovers spelled out hundreds of characters of structure. This moves each schema to a top-level
 * `export type Assistant = { … }` (an alias declared on the shape itself, which tsc keeps), points
 * `components['schemas']['Assistant']` at it, and writes references as plain `Assistant`.
 * Type aliases, not interfaces: they stay assignable to index signatures exactly as before.
 */
import ts from 'typescript';

const isSchemaRef = (node: ts.Node, names: Set<string>): string | undefined => {
  // components["schemas"]["Name"]
  if (!ts.isIndexedAccessTypeNode(node)) return undefined;
  const outer = node.indexType;
  const inner = node.objectType;
  if (!ts.isLiteralTypeNode(outer) || !ts.isStringLiteral(outer.literal)) return undefined;
  if (!ts.isIndexedAccessTypeNode(inner)) return undefined;
  const base = inner.objectType;
  const key = inner.indexType;
  if (!ts.isTypeReferenceNode(base) || !ts.isIdentifier(base.typeName)) return undefined;
  if (base.typeName.text !== 'components') return undefined;
  if (!ts.isLiteralTypeNode(key) || !ts.isStringLiteral(key.literal) || key.literal.text !== 'schemas')
    return undefined;
  return names.has(outer.literal.text) ? outer.literal.text : undefined;
};

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

  const plain: ts.Visitor = (node) => {
    const ref = isSchemaRef(node, names);
    if (ref) return ts.factory.createTypeReferenceNode(ref);
    return ts.visitEachChild(node, plain, undefined);
  };
  const rewrite = <T extends ts.Node>(node: T): T => ts.visitNode(node, plain) as T;

  const exported = [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)];
  const hoisted: ts.Node[] = [];
  const schemaMembers = schemasType.members.map((member) => {
    const name = propertyName(member);
    if (!name || !ts.isPropertySignature(member) || !member.type) return member;
    const alias = ts.factory.createTypeAliasDeclaration(exported, name, undefined, rewrite(member.type));
    const comments = ts.getSyntheticLeadingComments(member);
    if (comments) ts.setSyntheticLeadingComments(alias, comments);
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
        : rewrite(m),
    ),
  );
  return [...nodes.map((n) => (n === components ? newComponents : rewrite(n))), ...hoisted];
}

function declaredName(node: ts.Node): string | undefined {
  return ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) ? node.name.text : undefined;
}
