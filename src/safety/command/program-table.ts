/**
 * Programs by what they do, for the ones that need no closer look at their arguments.
 * Programs with a handler (program-handlers.ts) are looked at more closely; any other
 * program "runs code": allowed inside the sandbox, asked outside it.
 */

/** Read-only programs whose operands are files to read. */
// biome-ignore format: a table reads better packed
export const READERS = new Set([
  'ls', 'll', 'dir', 'cat', 'tac', 'nl', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ag',
  'ack', 'wc', 'cut', 'paste', 'join', 'tr', 'rev', 'fold', 'fmt', 'column', 'od', 'hexdump', 'strings',
  'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'b2sum', 'cksum', 'sum', 'diff', 'cmp', 'comm', 'du', 'df',
  'stat', 'file', 'realpath', 'readlink', 'basename', 'dirname', 'jq', 'yq', 'base64', 'base32',
  'lsof', 'lsblk', 'lscpu', 'lsusb', 'lspci', 'free', 'uptime', 'ps', 'pgrep', 'vmstat',
  'iostat', 'uname', 'whoami', 'id', 'groups', 'who', 'w', 'last', 'env', 'printenv', 'locale',
  'nproc', 'getconf', 'tty', 'which', 'whereis', 'type', 'hash', 'pwd', 'cd', 'pushd', 'popd', 'dirs', 'zcat',
  'zgrep', 'zless', 'bzcat', 'xzcat', 'pdftotext', 'identify', 'ffprobe', 'exiftool', 'help',
  'getent', 'cal', 'ncal', 'lsattr', 'numfmt', 'look', 'shuf', 'tsort', 'expand', 'unexpand', 'pr', 'ldd',
  'nm', 'objdump', 'readelf', 'size', 'ping', 'dig', 'nslookup', 'host', 'whois', 'traceroute', 'tracepath',
  'ss', 'netstat', 'ifconfig', 'sensors', 'findmnt', 'blkid', 'arch',
]);

/** Read-only programs whose operands are text, not paths (and shell built-ins that change nothing outside). */
// biome-ignore format: a table reads better packed
export const TEXT_ONLY = new Set([
  'echo', 'printf', 'true', 'false', ':', 'test', '[', '[[', 'expr', 'seq', 'sleep', 'yes', 'date', 'bc', 'dc',
  'factor', 'export', 'unset', 'set', 'shift', 'read', 'local', 'declare', 'typeset', 'readonly', 'let',
  'return', 'exit', 'break', 'continue', 'wait', 'umask', 'ulimit', 'alias', 'unalias', 'getopts', 'shopt',
  'jobs', 'fg', 'bg', 'disown', 'times', 'clear', 'reset', 'tput', 'stty', 'cowsay', 'figlet',
]);

/** Programs that delete what they are given. */
export const DELETERS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'srm', 'wipe', 'trash', 'trash-put']);

/** Programs that send data to other machines. */
// biome-ignore format: a table reads better packed
export const SENDERS = new Set([
  'ssh', 'scp', 'sftp', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ftp', 'lftp', 'mail', 'mailx', 'sendmail',
  'mutt', 'smbclient', 'rclone', 'aws', 'gsutil', 'gcloud', 'az', 'kubectl', 'gh',
]);

/** Package managers of the system (everything but queries installs, removes or upgrades). */
// biome-ignore format: a table reads better packed
export const SYSTEM_PACKAGE_MANAGERS = new Set([
  'apt', 'apt-get', 'aptitude', 'dpkg', 'yum', 'dnf', 'rpm', 'pacman', 'apk', 'zypper', 'brew', 'snap',
  'flatpak', 'port', 'emerge', 'nix-env', 'opkg',
]);

/** Package queries that change nothing (the first operand, or an option for dpkg/rpm). */
// biome-ignore format: a table reads better packed
export const PACKAGE_QUERIES = new Set([
  'list', 'search', 'show', 'info', 'policy', 'madison', 'depends', 'rdepends', 'showpkg', '-l', '-L', '-s',
  '-S', '-q', '-qa', '-qi', '-ql', '--list', '--status', '--search', 'query', 'freeze', 'check', 'outdated',
  'view', 'ls', 'why', '--version', '-V', 'help', 'config', 'doctor',
]);

/** Programs that change the system (users, services, mounts, the kernel, the clock, privileges). */
// biome-ignore format: a table reads better packed
export const SYSTEM_CHANGERS = new Set([
  'sudo', 'su', 'doas', 'pkexec', 'systemctl', 'service', 'umount', 'reboot', 'shutdown', 'halt', 'poweroff',
  'init', 'telinit', 'useradd', 'userdel', 'usermod', 'groupadd', 'groupdel', 'adduser', 'deluser', 'passwd',
  'chpasswd', 'chsh', 'visudo', 'crontab', 'iptables', 'ip6tables', 'nft', 'ufw', 'modprobe', 'insmod', 'rmmod',
  'sysctl', 'chroot', 'nsenter', 'unshare', 'bwrap', 'mkfs', 'fdisk', 'parted', 'swapon', 'swapoff',
  'hostnamectl', 'timedatectl', 'setcap', 'chattr', 'launchctl', 'at', 'batch', 'loginctl', 'docker', 'podman',
  'ldconfig', 'update-alternatives', 'mkswap', 'wipefs', 'losetup', 'cryptsetup',
]);

/** Queries of system changers that change nothing (`systemctl status`, `docker ps`, `crontab -l`). */
// biome-ignore format: a table reads better packed
export const SYSTEM_QUERIES = new Set([
  'status', 'is-active', 'is-enabled', 'is-failed', 'list-units', 'list-unit-files', 'list-timers', 'show', 'cat',
  '-l', 'ps', 'images', 'logs', 'inspect', 'version', '--version', 'info', 'stats', 'top', '-a',
]);

/** Programs that kill processes: inside the sandbox only its own processes can be seen. */
export const KILLERS = new Set(['kill', 'pkill', 'killall', 'skill']);

/** Shells: `-c STRING` is parsed again; a script runs code; no operand reads code from stdin. */
export const SHELLS = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'busybox',
  'rbash',
]);

/** Interpreters (code given inline or as a file). */
const INTERPRETER_PATTERN =
  /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|perl[0-9.]*|ruby[0-9.]*|php[0-9.]*|lua[0-9.]*|luajit|Rscript|tclsh|wish|osascript|pwsh|powershell|java|jshell|irb|ipython[0-9]*)$/;

/**
 * Never remembered by an "Always": what they run is decided by their arguments, so an exact rule
 * for them would approve arbitrary code the next time (sh -c …, python3 -c …, env …, xargs …).
 */
// biome-ignore format: a table reads better packed
export const NEVER_REMEMBERED = new Set([
  ...SHELLS,
  'env', 'xargs', 'sudo', 'su', 'doas', 'pkexec', 'time', 'nice', 'timeout', 'nohup', 'stdbuf', 'ionice',
  'command', 'exec', 'builtin', 'eval', 'source', '.', 'trap', 'watch', 'parallel', 'find', 'awk', 'gawk',
  'mawk', 'nawk', 'sed', 'make', 'npx', 'npm', 'pnpm', 'yarn', 'git', 'chroot', 'nsenter', 'unshare', 'bwrap',
  'flock', 'script', 'setsid', 'taskset', 'chrt', 'runuser', 'setpriv', 'strace', 'ltrace', 'gdb', 'expect',
]);

export function isInterpreter(program: string): boolean {
  return INTERPRETER_PATTERN.test(program);
}
