import type { CompletionOpts } from './index.ts';
import type { Deps } from '../shared.ts';

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
export type Shell = (typeof SHELLS)[number];

/*
 * Each script is a thin adapter: it passes the words before the cursor (and the one being
 * typed) to `voxdesk __complete`, which answers `value<TAB>description` lines and a last
 * line `:files` (complete file paths) or `:done`. All the knowledge lives in complete.ts.
 */

const bash = `# bash completion for voxdesk (voxdesk completion bash)
_voxdesk() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" out directive line
  local -a values=()
  out=$(voxdesk __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
  directive="\${out##*$'\\n'}"
  if [ "$directive" = ":files" ]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return 0
  fi
  while IFS= read -r line; do
    case "$line" in :*) ;; *) values+=("\${line%%$'\\t'*}") ;; esac
  done <<< "$out"
  COMPREPLY=("\${values[@]}")
}
complete -F _voxdesk voxdesk
`;

const zsh = `#compdef voxdesk
# zsh completion for voxdesk (voxdesk completion zsh)
_voxdesk() {
  local out directive line
  local -a lines described
  out=$(voxdesk __complete "\${(@)words[2,CURRENT]}" 2>/dev/null) || return 1
  lines=("\${(@f)out}")
  directive=\${lines[-1]}
  if [[ $directive == :files ]]; then
    _files
    return
  fi
  for line in "\${(@)lines[1,-2]}"; do
    # _describe splits value:description at the first unescaped colon; colons in the
    # description are kept.
    if [[ $line == *$'\\t'* ]]; then
      described+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${line#*$'\\t'}")
    else
      described+=("\${line//:/\\\\:}")
    fi
  done
  (( \${#described} )) && _describe -t voxdesk 'voxdesk' described
}
# Autoloaded from $fpath the file is the function body: complete now. Sourced: register.
if [[ $funcstack[1] == _voxdesk ]]; then
  _voxdesk "$@"
else
  compdef _voxdesk voxdesk
fi
`;

const fish = `# fish completion for voxdesk (voxdesk completion fish)
function __voxdesk_complete
    set -l words (commandline -opc)[2..-1] (commandline -ct)
    set -l out (voxdesk __complete $words 2>/dev/null)
    if test "$out[-1]" = ":files"
        __fish_complete_path (commandline -ct)
        return
    end
    set -e out[-1]
    printf '%s\\n' $out
end
complete -c voxdesk -f -a '(__voxdesk_complete)'
`;

const powershell = `# PowerShell completion for voxdesk (voxdesk completion powershell)
Register-ArgumentCompleter -Native -CommandName voxdesk -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $words = @($commandAst.CommandElements |
        Where-Object { $_.Extent.StartOffset -lt $cursorPosition } |
        Select-Object -Skip 1 |
        ForEach-Object { $_.ToString() })
    if ($wordToComplete -eq '') { $words += '""' }
    $out = @(voxdesk __complete @words 2>$null)
    if ($out.Count -eq 0) { return }
    if ($out[-1] -eq ':files') {
        Get-ChildItem -Path "$wordToComplete*" -ErrorAction SilentlyContinue | ForEach-Object {
            [System.Management.Automation.CompletionResult]::new($_.Name, $_.Name, 'ProviderItem', $_.Name)
        }
        return
    }
    $out | Select-Object -SkipLast 1 | ForEach-Object {
        $value, $description = $_ -split "\`t", 2
        if (-not $description) { $description = $value }
        [System.Management.Automation.CompletionResult]::new($value, $value, 'ParameterValue', $description)
    }
}
`;

export const scripts: Record<Shell, string> = { bash, zsh, fish, powershell };

/** The script for one shell; all of them ask `voxdesk __complete` at TAB time. */
export async function printCompletion(opts: CompletionOpts, deps: Deps): Promise<void> {
  deps.io.stdout.write(scripts[opts.shell]);
}
