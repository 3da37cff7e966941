import type { Argv, CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import type { GlobalArgs, Io } from '../io.js';

interface Args extends GlobalArgs {
  shell?: string;
  words?: string[];
}

// git's own completion (bash: git-completion.bash, zsh: its git completion in bash mode) calls
// `_git_memory` for `git memory …`; `git-memory …` typed directly gets its own function. Both ask
// this command for the words (`--words`), which yargs works out from the commands and options.
const BASH = `# git-memory completion for bash: add to ~/.bashrc
#   source <(git memory completion bash)
_git_memory() {
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "$(git-memory completion --words -- "\${words[@]:2:cword-1}" 2>/dev/null)" -- "\${cur}"))
}
_git_memory_direct() {
  local IFS=$'\\n' cur="\${COMP_WORDS[COMP_CWORD]}"
  COMPREPLY=($(compgen -W "$(git-memory completion --words -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)" -- "\${cur}"))
}
complete -o bashdefault -o default -F _git_memory_direct git-memory
`;

const ZSH = `# git-memory completion for zsh: add to ~/.zshrc (after compinit)
#   source <(git memory completion zsh)
_git-memory() {
  local -a reply
  reply=(\${(f)"$(git-memory completion --words -- "\${(@)words[2,CURRENT]}" 2>/dev/null)"})
  compadd -a reply
}
compdef _git-memory git-memory
# git memory <TAB>: zsh's git completion calls _git-memory for the memory subcommand.
zstyle ':completion:*:*:git:*' user-commands memory:'memory for AI coding agents'
`;

const SCRIPTS: Record<string, string> = { bash: BASH, zsh: ZSH };

/**
 * `git memory completion [bash|zsh]`: the shell script; with `--words -- WORD…` the words that can
 * follow, which yargs works out from this command line's own commands and options.
 */
export const completionCommand = (io: Io, build: (args: string[]) => Argv<GlobalArgs>): CommandModule<GlobalArgs, Args> => ({
  command: 'completion [shell]',
  describe: 'Print a shell completion script (bash or zsh)',
  builder: (y: Argv<GlobalArgs>) =>
    y
      .positional('shell', { type: 'string', choices: ['bash', 'zsh'], describe: 'The shell (default: from $SHELL)' })
      .option('words', { type: 'string', array: true, hidden: true, describe: 'The words typed after `git memory`; prints what can come next' })
      .example('git memory completion bash >> ~/.bashrc', '')
      .example('git memory completion zsh >> ~/.zshrc', '') as unknown as Argv<Args>,
  handler: async (a) => {
    if (a.words !== undefined) {
      // yargs answers its own --get-yargs-completions (the program's name, then the words; the last
      // is the one completed, empty after a space), into the parse callback rather than the console.
      const args = ['--get-yargs-completions', 'git-memory', ...(a.words.length ? a.words.map(String) : [''])];
      let output = '';
      await build(args)
        .completion('__complete', false)
        .parseAsync(args, {}, (_err: unknown, _argv: unknown, out: string) => {
          output = out;
        });
      const words = output.trimEnd();
      if (a.json) io.out(`${JSON.stringify({ ok: true, words: words ? words.split('\n') : [] }, null, 2)}\n`);
      else io.out(words ? `${words}\n` : '');
      return;
    }
    const shell = a.shell ?? (/zsh$/.test(io.env.SHELL ?? '') ? 'zsh' : 'bash');
    const script = SCRIPTS[shell];
    if (!script) throw new UsageError(`no completion script for ${JSON.stringify(shell)}`, 'git memory completion bash, or git memory completion zsh');
    // --json, like every command: the script as a string, for an installer to write where it likes.
    io.out(a.json ? `${JSON.stringify({ ok: true, shell, script }, null, 2)}\n` : script);
  },
});
