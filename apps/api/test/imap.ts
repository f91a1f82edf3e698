import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./smtp.ts";

export type AppendOptions = { mailbox?: string; flags?: string[]; date?: Date };

/** SIGTERM: Dovecot says `* BYE` to its clients and exits (about 1 s). SIGKILL: every process dies at once, a crash. */
export type StopSignal = "SIGTERM" | "SIGKILL";

export type TestImap = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** imap://user:password@127.0.0.1:port, user and password URL-encoded. */
  url: string;
  /** The mailbox's email address. */
  address: string;
  /** The server's temporary directory: dovecot.conf, dovecot.log (read it when a test fails), home/Maildir. */
  dir: string;
  /** Delivers a message by IMAP APPEND, as a mail client would; resolves with its UID. */
  append: (raw: string | Buffer, options?: AppendOptions) => Promise<number>;
  /** How many messages the mailbox (INBOX by default) holds. */
  count: (mailbox?: string) => Promise<number>;
  /** A connected, logged-in imapflow client; the caller logs it out. */
  client: () => Promise<ImapFlow>;
  /** Stops the server and starts it again on the same port; the mail stays. */
  restart: (signal?: StopSignal) => Promise<void>;
  /** Stops the server and leaves it stopped: connections are refused until `restart()`. */
  kill: (signal?: StopSignal) => Promise<void>;
  /** Stops the server and deletes its directory. Safe to call twice. */
  stop: () => Promise<void>;
};

export type ImapServerOptions = {
  user?: string;
  password?: string;
  address?: string;
  /** A fixed port, for a server whose address is written in a config before it starts (browser tests). */
  port?: number;
};

const INSTALL = "apt-get install -y dovecot-imapd";
const HOST = "127.0.0.1";
const READY_TIMEOUT_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Debian's binary is in /usr/sbin, which a normal user's PATH often lacks. */
function findDovecot(): string {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  for (const dir of dirs.filter(Boolean)) {
    const file = path.join(dir, "dovecot");
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this one.
    }
  }
  throw new Error(`The IMAP tests need Dovecot, which is not installed: ${INSTALL} (as root)`);
}

/** The configuration below is 2.3's (Debian 12); 2.4 renamed most of these settings. */
function checkVersion(dovecot: string) {
  const version = execFileSync(dovecot, ["--version"], { encoding: "utf8" }).trim();
  if (!version.startsWith("2.3.")) {
    throw new Error(`${dovecot} is Dovecot ${version}; the IMAP test server needs 2.3 (Debian 12: ${INSTALL})`);
  }
}

/**
 * Who owns the mail: the user running the tests, except root, whose mail Dovecot's imap refuses to touch
 * ("Mail access not allowed for root"): then nobody.
 */
function mailOwner(): { uid: number; gid: number } {
  const { uid, gid } = os.userInfo();
  if (uid !== 0) return { uid, gid };
  const id = (flag: string) => Number(execFileSync("id", [flag, "nobody"], { encoding: "utf8" }));
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * Nothing is read from /etc/dovecot: `-c` names this file and it includes nothing. Dovecot's own processes
 * run as the user running the tests (root in CI), so no dovecot or dovenull account is needed.
 */
function dovecotConf(dir: string, port: number): string {
  const { uid, username } = os.userInfo();
  const group = execFileSync("id", ["-gn"], { encoding: "utf8" }).trim();
  const owner = mailOwner();
  // imap-login, the process that talks to clients before LOGIN, refuses to run as root: as root it runs as
  // nobody in its usual chroot; as anyone else it runs as that user, without the chroots (they need root).
  const root = uid === 0;
  const noChroot = root ? "" : "\n  chroot =";
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = ${HOST}

default_internal_user = ${username}
default_internal_group = ${group}
default_login_user = ${root ? "nobody" : username}
# The defaults (500 and 1) refuse system accounts as mail owners; nobody and CI's user may be one.
first_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
mail_uid = ${owner.uid}
mail_gid = ${owner.gid}

# Loopback and no certificate: LOGIN in clear text, which 2.3 refuses without TLS by default.
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password is answered at once rather than after 2 s.
auth_failure_delay = 0
passdb {
  driver = passwd-file
  args = ${dir}/passwd
}
userdb {
  driver = static
  args = home=${dir}/home
}

mail_location = maildir:~/Maildir
# Tests never outlive a power cut; what a stopped or killed Dovecot wrote is kept either way.
mail_fsync = never
# IDLE hears of new mail through inotify; this is the fallback when the machine runs out of inotify watches.
mailbox_idle_check_interval = 1 secs

service imap-login {${noChroot}
  inet_listener imap {
    address = ${HOST}
    port = ${port}
  }
  # Compiled in: 993. Never the machine's real IMAP ports.
  inet_listener imaps {
    port = 0
  }
}
# Without this socket there is no brute-force penalty, which after a wrong password makes every login from
# 127.0.0.1, right or wrong, wait up to 15 s: tests of a wrong password would slow down the tests after them.
service anvil {${noChroot}
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-urlauth-login {${noChroot}
}
service ipc {${noChroot}
}
`;
}

/** True once something on the port answers with an IMAP greeting. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, HOST);
    let received = "";
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on("data", (chunk) => {
      received += chunk;
      if (received.includes("\r\n")) done(received.startsWith("* OK"));
    });
    socket.on("error", () => done(false));
    socket.on("close", () => done(false));
  });
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, HOST);
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** One Dovecot process tree, from start to stop. */
type Run = { dovecot: ChildProcess; exited: Promise<void>; watchdog: ChildProcess };

/** The master first (it stops the processes it forked), then whatever is left of its process group. */
async function halt(run: Run, signal: StopSignal) {
  run.watchdog.kill("SIGKILL");
  // Unref'd since its start; waiting for its end must keep this process alive.
  run.dovecot.ref();
  if (signal === "SIGTERM") {
    run.dovecot.kill("SIGTERM");
    await Promise.race([run.exited, sleep(5_000)]);
  }
  try {
    if (run.dovecot.pid) process.kill(-run.dovecot.pid, "SIGKILL");
  } catch {
    // Nothing left.
  }
  await run.exited;
}

/**
 * A real IMAP server, Debian's Dovecot, on a free port of 127.0.0.1 with one mailbox in a fresh temporary
 * directory, for code that reads mail with imapflow. Each call is a server of its own: test files running in
 * parallel share nothing.
 */
export async function startImapServer(options: ImapServerOptions = {}): Promise<TestImap> {
  const dovecot = findDovecot();
  checkVersion(dovecot);
  const user = options.user ?? "ventas@floricola.test";
  const password = options.password ?? "clave/de+prueba";
  if (/[:\r\n]/.test(user + password)) throw new Error("no ':' or line break in the user or password (passwd-file)");
  const address = options.address ?? (user.includes("@") ? user : `${user}@floricola.test`);

  const dir = await mkdtemp(path.join(os.tmpdir(), "imap-"));
  const conf = path.join(dir, "dovecot.conf");
  const home = path.join(dir, "home");
  await mkdir(home);
  const owner = mailOwner();
  if (owner.uid !== os.userInfo().uid) {
    // Root runs the tests and nobody owns the mail: nobody may pass through the directory, not list it.
    await chmod(dir, 0o711);
    await chown(home, owner.uid, owner.gid);
  }
  await writeFile(path.join(dir, "passwd"), `${user}:{PLAIN}${password}\n`);

  let port = options.port ?? 0;
  let run: Run | undefined;

  async function launch(): Promise<Run> {
    await writeFile(conf, dovecotConf(dir, port));
    // A process group of its own, so that one signal reaches the master and every process it forked.
    const child = spawn(dovecot, ["-F", "-c", conf], { detached: true, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    // When this process dies, even by SIGKILL, the pipe closes, `read` returns and the watchdog kills
    // Dovecot and deletes the directory: nothing is left listening. halt() kills the watchdog first.
    const watchdog = spawn("sh", ["-c", 'read _; kill -KILL "-$1"; rm -rf "$2"', "sh", `${child.pid}`, dir], {
      detached: true,
      stdio: ["pipe", "ignore", "ignore"],
    });
    // Neither keeps the test process alive; an unref'd pipe still closes when it exits.
    for (const handle of [child, child.stderr, watchdog, watchdog.stdin]) {
      (handle as { unref?: () => void } | null)?.unref?.();
    }
    const started: Run = { dovecot: child, exited, watchdog };
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
      if (await greets(port)) return started;
      await sleep(50);
    }
    await halt(started, "SIGKILL");
    const log = await readFile(path.join(dir, "dovecot.log"), "utf8").catch(() => "");
    throw new Error(`Dovecot did not start on port ${port}:\n${stderr}\n${log.slice(-2_000)}`);
  }

  /** Another process may take the port while it is free (freePort() to Dovecot's bind, or a restart). */
  async function launchRetrying(attempts: number, newPort: boolean): Promise<Run> {
    for (let attempt = 1; ; attempt++) {
      if (newPort) port = await freePort();
      try {
        return await launch();
      } catch (error) {
        if (attempt >= attempts || !String(error).includes("Address already in use")) throw error;
        await sleep(newPort ? 0 : 250);
      }
    }
  }

  async function halted(signal: StopSignal) {
    if (run) await halt(run, signal);
    run = undefined;
    // The master is gone; its children may take a moment longer to let go of the listening socket.
    const deadline = Date.now() + 5_000;
    while (!(await refuses(port)) && Date.now() < deadline) await sleep(20);
  }

  try {
    run = await launchRetrying(3, options.port === undefined);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  async function client(): Promise<ImapFlow> {
    const imap = new ImapFlow({
      host: HOST,
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: password },
      logger: false,
    });
    // Failures reach the caller as rejected promises; an 'error' event nobody listens to would crash the worker.
    imap.on("error", () => {});
    await imap.connect();
    return imap;
  }

  async function withClient<T>(work: (imap: ImapFlow) => Promise<T>): Promise<T> {
    const imap = await client();
    try {
      return await work(imap);
    } finally {
      await imap.logout().catch(() => imap.close());
    }
  }

  return {
    host: HOST,
    port,
    user,
    password,
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${HOST}:${port}`,
    address,
    dir,
    client,
    append: (raw, { mailbox = "INBOX", flags, date } = {}) =>
      withClient(async (imap) => {
        // APPEND into a mailbox that does not exist fails ([TRYCREATE]); a test naming one wants it.
        if (mailbox.toUpperCase() !== "INBOX") await imap.mailboxCreate(mailbox);
        // false when the server refused it (imapflow's way), without a UID when it has no UIDPLUS.
        const appended = (await imap.append(mailbox, raw, flags, date)) || undefined;
        if (!appended?.uid) throw new Error(`APPEND to ${mailbox} gave no UID`);
        return appended.uid;
      }),
    count: (mailbox = "INBOX") =>
      withClient(async (imap) => {
        const status = await imap.status(mailbox, { messages: true });
        if (!status) throw new Error(`STATUS ${mailbox} failed`);
        return status.messages ?? 0;
      }),
    async restart(signal = "SIGTERM") {
      await halted(signal);
      run = await launchRetrying(20, false);
    },
    kill: (signal = "SIGTERM") => halted(signal),
    async stop() {
      if (run) await halt(run, "SIGKILL");
      run = undefined;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
