// The shared mailbox's address names a contact's conversation with a plus part
// (`ventas+3f9c0a1b2c3d4e5f@empresa.ec`): their answer is found by it even when it comes from
// another address or its mail program drops the threading headers.

const TOKEN = /^[0-9a-f]{16}$/;

export type MailboxAddressing = { address: string; plusAddressing: boolean };

/** Where a contact's answers should go: the mailbox with their conversation's token, or the mailbox alone. */
export function conversationAddress({ address, plusAddressing }: MailboxAddressing, token: string) {
  if (!plusAddressing) return address;
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at)}+${token}${address.slice(at)}`;
}

/** The conversation token in one of the mailbox's plus addresses, if the address is one. */
export function tokenOf(recipient: string, mailboxAddress: string): string | undefined {
  const lower = recipient.trim().toLowerCase();
  const at = mailboxAddress.lastIndexOf("@");
  const local = mailboxAddress.slice(0, at);
  const domain = mailboxAddress.slice(at);
  if (!lower.startsWith(`${local}+`) || !lower.endsWith(domain)) return undefined;
  const token = lower.slice(local.length + 1, lower.length - domain.length);
  return TOKEN.test(token) ? token : undefined;
}

/** The domain of `Name <user@domain>` or `user@domain`. */
export function domainOf(address: string) {
  return (address.match(/@([^\s@<>]+)>?\s*$/)?.[1] ?? "localhost").toLowerCase();
}
