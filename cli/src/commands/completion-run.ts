import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { METHODS } from './api-request.ts';

interface Node {
  name: string;
  description: string;
  flags: string[];
  children: Node[];
}

const flagsOf = (command: Command) =>
  command.options
    .flatMap((option) => [option.long, option.short])
    .filter((flag): flag is string => Boolean(flag));

function tree(command: Command): Node {
  return {
    name: command.name(),
    description: command
      .description()
      .replace(/[\n'"`$\\:]/g, ' ')
      .trim(),
    flags: [...flagsOf(command), '--help'],
    children: command.commands.map(tree),
  };
}

const words = (list: readonly string[]) => list.join(' ');

function bash(root: Node, globals: string[], paths: string[]): string {
  const top = words([...root.children.map((c) => c.name), ...globals]);
  const cases = root.children
    .map((group) => {
      if (group.name === 'api') {
        return `    api)
      case "$COMP_CWORD" in
        2) COMPREPLY=( $(compgen -W "${words([...METHODS])} ${words(paths)}" -- "$cur") ); return ;;
        3) COMPREPLY=( $(compgen -W "${words(paths)}" -- "$cur") ); return ;;
      esac
      opts="${words(group.flags)}" ;;`;
      }
      if (group.children.length === 0) return `    ${group.name}) opts="${words(group.flags)}" ;;`;
      const subs = group.children
        .map((sub) => `        ${sub.name}) opts="${words(sub.flags)}" ;;`)
        .join('\n');
      return `    ${group.name})
      if [ "$COMP_CWORD" -eq 2 ]; then COMPREPLY=( $(compgen -W "${words(group.children.map((c) => c.name))}" -- "$cur") ); return; fi
      case "\${COMP_WORDS[2]}" in
${subs}
      esac ;;`;
    })
    .join('\n');
  return `# bash completion for voxdesk
_voxdesk() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" opts=""
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=( $(compgen -W "${top}" -- "$cur") ); return; fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
  COMPREPLY=( $(compgen -W "$opts ${words(globals)}" -- "$cur") )
}
complete -o default -F _voxdesk voxdesk
`;
}

function zsh(root: Node, globals: string[], paths: string[]): string {
  const described = (nodes: Node[]) => nodes.map((node) => `'${node.name}:${node.description}'`).join(' ');
  const cases = root.children
    .map((group) => {
      if (group.name === 'api') {
        return `    api)
      if (( CURRENT == 3 )); then compadd -- ${words([...METHODS])} ${words(paths)}; return; fi
      if (( CURRENT == 4 )); then compadd -- ${words(paths)}; return; fi
      compadd -- ${words(group.flags)} ${words(globals)} ;;`;
      }
      if (group.children.length === 0)
        return `    ${group.name}) compadd -- ${words(group.flags)} ${words(globals)} ;;`;
      const subs = group.children
        .map((sub) => `        ${sub.name}) compadd -- ${words(sub.flags)} ${words(globals)} ;;`)
        .join('\n');
      return `    ${group.name})
      if (( CURRENT == 3 )); then local -a subs; subs=(${described(group.children)}); _describe 'subcommand' subs; return; fi
      case $words[3] in
${subs}
      esac ;;`;
    })
    .join('\n');
  return `#compdef voxdesk
compdef _voxdesk voxdesk
_voxdesk() {
  if (( CURRENT == 2 )); then
    local -a cmds; cmds=(${described(root.children)})
    _describe 'command' cmds; compadd -- ${words(globals)}; return
  fi
  case $words[2] in
${cases}
  esac
}
# Autoloaded from $fpath the file is the function body: complete now. Sourced: only define.
if [ "$funcstack[1]" = "_voxdesk" ]; then
  _voxdesk "$@"
fi
`;
}

function fish(root: Node, globals: string[], paths: string[]): string {
  const lines = ['# fish completion for voxdesk', 'complete -c voxdesk -f'];
  const long = (flag: string) => (flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`);
  for (const flag of globals) lines.push(`complete -c voxdesk ${long(flag)}`);
  for (const group of root.children) {
    lines.push(`complete -c voxdesk -n __fish_use_subcommand -a ${group.name} -d '${group.description}'`);
    const inGroup = `__fish_seen_subcommand_from ${group.name}`;
    if (group.name === 'api')
      lines.push(`complete -c voxdesk -n '${inGroup}' -a '${words([...METHODS, ...paths])}'`);
    for (const flag of group.flags) lines.push(`complete -c voxdesk -n '${inGroup}' ${long(flag)}`);
    const subNames = words(group.children.map((c) => c.name));
    for (const sub of group.children) {
      lines.push(
        `complete -c voxdesk -n '${inGroup}; and not __fish_seen_subcommand_from ${subNames}' -a ${sub.name} -d '${sub.description}'`,
      );
      for (const flag of sub.flags) {
        lines.push(
          `complete -c voxdesk -n '${inGroup}; and __fish_seen_subcommand_from ${sub.name}' ${long(flag)}`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Completion scripts generated from the live command tree and the SDK's operation table. */
export async function printCompletion(factory: Factory, command: Command, program: Command): Promise<void> {
  const shell = command.processedArgs[0] as 'bash' | 'zsh' | 'fish';
  const { operations } = await import('@voxdesk/sdk');
  const paths = [...new Set(operations.map((operation) => operation.path))].sort();
  const root = tree(program);
  const globals = root.flags;
  const script = { bash, zsh, fish }[shell](root, globals, paths);
  factory.io.stdout.write(script);
}
