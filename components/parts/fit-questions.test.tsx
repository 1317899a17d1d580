/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';
import { FitQuestions } from '@/components/parts/fit-questions';
import { readPartFit } from '@/components/parts/part-fit';
import { FIT_QUESTION_TEXT as T } from '@/lib/catalog/fit-questions';

const partId = '65f0c0ffee0000000000abcd';
const corolla = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engine: null, notes: null };
const rotors288 = 'With 288 mm front rotors';
const rotors320 = 'With 320 mm front rotors';
const split = [
  { ...corolla, subModel: 'LE', qualifiers: [{ text: rotors288 }] },
  { ...corolla, subModel: 'LE', qualifiers: [{ text: rotors320 }] },
  { ...corolla, subModel: 'SE', qualifiers: [{ text: rotors320 }] },
];
const vehicle = { year: 2015, make: 'Toyota', model: 'Corolla' };

const badge = () => screen.queryByTestId('fit-badge');
const question = (text: string) => screen.getByRole('group', { name: text });

describe('FitQuestions on the part page', () => {
  it('shows the badge at once, with no question, when the rows agree', () => {
    render(<FitQuestions partId={partId} fitment={[corolla]} vehicle={vehicle} />);
    expect(badge()).toHaveTextContent('Fits your 2015 Toyota Corolla');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('asks the submodel, then the rotor size, before the badge says it fits', async () => {
    const user = userEvent.setup();
    render(<FitQuestions partId={partId} fitment={split} vehicle={vehicle} />);
    expect(badge()).not.toBeInTheDocument();
    const first = question(T.subModel);
    expect(
      within(first)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['LE', 'SE', T.noneOfThese, T.notSure]);
    expect(screen.queryByRole('group', { name: T.qualifier })).not.toBeInTheDocument();
    expect(readPartFit(partId)).toBeNull();

    await user.click(within(first).getByRole('radio', { name: 'LE' }));
    expect(badge()).not.toBeInTheDocument();
    await user.click(within(question(T.qualifier)).getByRole('radio', { name: rotors288 }));
    expect(badge()).toHaveAttribute('data-fit', 'fits');
    expect(screen.getByTestId('fit-confirmation')).toHaveTextContent('confirmed for 2015 Toyota Corolla LE, with 288 mm front rotors');
    expect(readPartFit(partId)).toEqual({ vehicle, answers: ['LE', rotors288] });
  });

  it('forgets the answers when the vehicle changes or is cleared', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<FitQuestions partId={partId} fitment={split} vehicle={vehicle} />);
    await user.click(within(question(T.subModel)).getByRole('radio', { name: 'SE' }));
    await user.click(within(question(T.qualifier)).getByRole('radio', { name: rotors320 }));
    expect(readPartFit(partId)).not.toBeNull();
    rerender(<FitQuestions partId={partId} fitment={split} vehicle={{ ...vehicle, year: 2016 }} />);
    expect(readPartFit(partId)).toBeNull();
    expect(within(question(T.subModel)).getByRole('radio', { name: 'SE' })).not.toBeChecked();
    await user.click(within(question(T.subModel)).getByRole('radio', { name: 'SE' }));
    await user.click(within(question(T.qualifier)).getByRole('radio', { name: rotors320 }));
    rerender(<FitQuestions partId={partId} fitment={split} vehicle={null} />);
    expect(readPartFit(partId)).toBeNull();
  });

  it('says it does not fit after "None of these", and forgets the fit; "Not sure" leaves it to check', async () => {
    const user = userEvent.setup();
    render(<FitQuestions partId={partId} fitment={split} vehicle={vehicle} />);
    await user.click(within(question(T.subModel)).getByRole('radio', { name: T.noneOfThese }));
    expect(badge()).toHaveAttribute('data-fit', 'no');
    expect(readPartFit(partId)).toBeNull();

    await user.click(within(question(T.subModel)).getByRole('radio', { name: T.notSure }));
    await user.click(within(question(T.qualifier)).getByRole('radio', { name: rotors320 }));
    expect(badge()).toHaveAttribute('data-fit', 'check');
  });

  it('changing an earlier answer drops the later ones', async () => {
    const user = userEvent.setup();
    render(<FitQuestions partId={partId} fitment={split} vehicle={vehicle} />);
    await user.click(within(question(T.subModel)).getByRole('radio', { name: 'LE' }));
    await user.click(within(question(T.qualifier)).getByRole('radio', { name: rotors288 }));
    await user.click(within(question(T.subModel)).getByRole('radio', { name: 'SE' }));
    expect(
      within(question(T.qualifier))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([rotors320, T.noneOfThese, T.notSure]);
    expect(within(question(T.qualifier)).getByRole('radio', { name: rotors320 })).not.toBeChecked();
    expect(badge()).not.toBeInTheDocument();
  });

  it('sends the answers with the add-to-cart call', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    globalThis.fetch = jest.fn(async (_url: unknown, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return {
        ok: true,
        status: 201,
        text: async () => JSON.stringify({ lines: [], count: 0, lineCount: 0, subtotal: 0, currency: 'usd' }),
      };
    }) as unknown as typeof fetch;
    render(
      <>
        <FitQuestions partId={partId} fitment={split} vehicle={vehicle} />
        <AddToCartButton part={{ _id: partId, name: 'Front pads', availableQuantity: 5, minimumQuantity: 1 }} variant="page" />
      </>,
    );
    await user.click(within(question(T.subModel)).getByRole('radio', { name: 'SE' }));
    await user.click(within(question(T.qualifier)).getByRole('radio', { name: rotors320 }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(bodies).toEqual([{ partId, quantity: 1, fit: { vehicle, answers: ['SE', rotors320] } }]);
  });
});
