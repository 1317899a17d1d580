/** @jest-environment jsdom */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';

const part = { _id: '65f0c0ffee0000000000abcd', name: 'Vented Front Brake Rotor', availableQuantity: 120, minimumQuantity: 2 };

// React asks for this flag before it lets act() flush a root's work.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The server's HTML in a page, then hydrated: the controls as the visitor sees them before and after. */
async function serverThenHydrated(element: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  const controls = () => Array.from(container.querySelectorAll('button, input')) as Array<HTMLButtonElement | HTMLInputElement>;
  const before = controls().map((control) => control.disabled);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, element);
  });
  const after = controls().map((control) => control.disabled);
  await act(async () => root!.unmount());
  container.remove();
  return { before, after };
}

describe('AddToCartButton before and after hydration', () => {
  it("a card's button is disabled in the server's HTML, so a tap before the script runs is not lost silently", async () => {
    const { before, after } = await serverThenHydrated(<AddToCartButton part={part} />);
    expect(before).toEqual([true]);
    expect(after).toEqual([false]);
  });

  it("the part page's quantity field and button work once hydrated", async () => {
    const { before, after } = await serverThenHydrated(<AddToCartButton part={part} variant="page" />);
    expect(before).toEqual([true, true]);
    expect(after).toEqual([false, false]);
  });

  it('a part out of stock stays disabled after hydration', async () => {
    const { after } = await serverThenHydrated(<AddToCartButton part={{ ...part, availableQuantity: 0 }} variant="page" />);
    expect(after).toEqual([true, true]);
  });
});
