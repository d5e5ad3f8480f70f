/** Spec 5 "Phone display": exactly 10 digits read (xxx) xxx-xxxx; anything else is unchanged. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length !== 10 || !/^[\d\s().+-]*$/.test(phone)) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** What the dialer receives: digits only (the dialer keeps digits only anyway). */
export const dialableDigits = (phone: string) => phone.replace(/\D/g, "");
