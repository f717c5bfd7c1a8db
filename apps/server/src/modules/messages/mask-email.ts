// The patient's address is shown masked (j•••@example.org), the number too (+49•••••78), and neither is written to
// the log; an SMTP server's or Twilio's answer often repeats the recipient, so it is masked before it is stored or shown.

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) {
    return '•••';
  }
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

// An apostrophe may sit inside a local part (o'neil@…) but not begin or end one (a quoted 'jane@…').
const ADDRESS = /[^\s<>()"',;:@](?:[^\s<>()",;:@]*[^\s<>()"',;:@])?@[^\s<>()"',;:]+/g;

const PHONE = /\+[1-9][0-9]{6,14}/g;

/** `text` with every e-mail address and international phone number in it masked (Twilio's errors name the number). */
export function maskAddressesIn(text: string): string {
  return text.replace(ADDRESS, (address) => maskEmail(address.replace(/\.$/, ''))).replace(PHONE, (n) => maskPhone(n));
}

/** +4915112345678 → +49•••••78: enough to recognise, not to dial. */
export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 3)}•••••${phone.slice(-2)}` : '•••';
}
