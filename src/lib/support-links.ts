/** The support channels' links (footer, support panel). */

/** `tel:` with the digits and a leading +. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** WhatsApp's click-to-chat link: wa.me with the number's digits (country code first). */
export const whatsappHref = (phone: string): string => `https://wa.me/${phone.replace(/\D/g, '')}`;

/** `mailto:` of the address. */
export const mailtoHref = (email: string): string => `mailto:${email}`;
