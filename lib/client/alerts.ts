'use client';

/** SweetAlert2 dialogs with the spec's texts; the library loads only when a dialog opens. */
async function swal() {
  return (await import('sweetalert2')).default;
}

/** The shop's colours, and no pop-in for reduced motion (sweetalert2's stylesheet ignores that setting). */
const buttons = () => ({
  confirmButtonColor: '#f97316',
  cancelButtonColor: '#64748b',
  animation: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
});

export async function alertSuccess(title: string, text?: string): Promise<void> {
  await (await swal()).fire({ icon: 'success', title, text, ...buttons() });
}

export async function alertError(title: string, text?: string): Promise<void> {
  await (await swal()).fire({ icon: 'error', title, text, ...buttons() });
}

/** An error whose text ends with a link to the page where it is put right. */
export async function alertErrorWithLink(title: string, text: string, link: { href: string; label: string }): Promise<void> {
  const body = document.createElement('p');
  body.append(text, ' ');
  const anchor = body.appendChild(document.createElement('a'));
  anchor.href = link.href;
  anchor.textContent = link.label;
  anchor.style.textDecoration = 'underline';
  await (await swal()).fire({ icon: 'error', title, html: body, ...buttons() });
}

/** A warning with a list under its title (each line as text, never markup). */
export async function alertWarnings(title: string, lines: string[]): Promise<void> {
  const list = document.createElement('ul');
  list.setAttribute('aria-label', title);
  list.style.textAlign = 'left';
  for (const line of lines) list.appendChild(document.createElement('li')).textContent = line;
  await (await swal()).fire({ icon: 'warning', title, html: list, ...buttons() });
}

/** The spec's confirmation dialog; true when the user confirmed. */
export type ConfirmOptions = { title: string; text: string; confirmText: string; cancelText: string };

export async function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  const result = await (
    await swal()
  ).fire({
    icon: 'warning',
    title: options.title,
    text: options.text,
    showCancelButton: true,
    confirmButtonText: options.confirmText,
    cancelButtonText: options.cancelText,
    reverseButtons: true,
    ...buttons(),
  });
  return result.isConfirmed;
}

/** A dialog asking for one line of text (a reason, an amount); null when dismissed. `required` refuses an empty answer. */
export async function promptText(options: {
  title: string;
  label: string;
  confirmText: string;
  value?: string;
  required?: string;
  multiline?: boolean;
}): Promise<string | null> {
  const result = await (
    await swal()
  ).fire({
    title: options.title,
    input: options.multiline ? 'textarea' : 'text',
    inputLabel: options.label,
    inputValue: options.value ?? '',
    showCancelButton: true,
    confirmButtonText: options.confirmText,
    cancelButtonText: 'Cancel',
    reverseButtons: true,
    inputValidator: (value: string) => (options.required && !value.trim() ? options.required : null),
    ...buttons(),
  });
  return result.isConfirmed ? String(result.value ?? '') : null;
}
