/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { FitmentTable } from '@/components/parts/fitment-table';

const hand = { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, engine: null, notes: 'Front axle only' };
const imported = {
  ...{ make: 'Toyota', model: 'Corolla', yearFrom: 2015, yearTo: 2015, engine: '1.8L L4', notes: null },
  ...{ subModel: null, position: 'Front', quantity: 2, qualifiers: ['With 288 mm Front Rotors', 'DriveType 6'] },
};

it("shows an imported row's position, quantity and qualifiers, and a hand row as before", () => {
  render(<FitmentTable fitment={[{ ...hand, subModel: null, position: null, quantity: null, qualifiers: [] }, imported]} />);
  const table = screen.getByRole('table', { name: 'Fitment' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Make', 'Model', 'Years', 'Engine', 'Notes', 'Position', 'Quantity', 'Qualifiers']);
  const [, handRow, importedRow] = within(table).getAllByRole('row');
  expect(
    within(handRow!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Toyota', 'Corolla', 'Years: 2014–2019', 'Engine: All engines', 'Notes: Front axle only', '', '', '']);
  expect(
    within(importedRow!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
      .slice(3),
  ).toEqual(['Engine: 1.8L L4', '', 'Position: Front', 'Quantity: 2', 'Qualifiers: With 288 mm Front Rotors; DriveType 6']);
});

it('shows the confirmed fits per row once a row has one', () => {
  const rows = [{ ...hand, subModel: null, position: null, quantity: null, qualifiers: [] }, imported];
  const { rerender } = render(<FitmentTable fitment={rows} confirmed={[0, 0]} />);
  expect(screen.queryByRole('columnheader', { name: 'Confirmed fits' })).toBeNull();
  rerender(<FitmentTable fitment={rows} confirmed={[0, 37]} />);
  expect(screen.getByRole('columnheader', { name: 'Confirmed fits' })).toBeInTheDocument();
  const [, handRow, importedRow] = within(screen.getByRole('table', { name: 'Fitment' })).getAllByRole('row');
  expect(within(importedRow!).getAllByRole('cell').at(-1)!.textContent).toBe('Confirmed fits: 37');
  expect(within(handRow!).getAllByRole('cell').at(-1)!.textContent).toBe('');
});
