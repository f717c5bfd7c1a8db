// The patient's address is shown masked (j•••@example.org) and never written to the log; an SMTP server's answer
// often repeats the recipient's address, so it is masked before it is stored or shown.

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) {
    return '•••';
  }
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

const ADDRESS = /[^\s<>()"',;:]+@[^\s<>()"',;:]+/g;

/** `text` with every e-mail address in it masked. */
export function maskAddressesIn(text: string): string {
  return text.replace(ADDRESS, (address) => maskEmail(address.replace(/\.$/, '')));
}
