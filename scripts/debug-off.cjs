// What the bundles get for the `debug` package (see build.mjs). @secretlint/core logs through it,
// and git-memory never turns that logging on (its output would go to a hook's stderr): loading the
// real package, with tty, util and its colour detection, cost ~1 ms of every `end`'s secret scan.
// A logger that is never enabled.
module.exports = function debug() {
  const log = () => {};
  log.enabled = false;
  log.extend = debug;
  return log;
};
