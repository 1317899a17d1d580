/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { InterchangeList, KitComponents, SpecificationTable, interchangeLabel } from '@/components/parts/part-details';

describe('SpecificationTable', () => {
  it('lists each attribute with its value and unit', () => {
    render(
      <SpecificationTable
        attributes={[
          { name: 'Friction Material', value: 'Ceramic', uom: null },
          { name: 'Pad Thickness', value: '17.5', uom: 'MM' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Specification' });
    expect(within(table).getByRole('rowheader', { name: 'Friction Material' }).nextSibling).toHaveTextContent(/^Ceramic$/);
    expect(within(table).getByRole('rowheader', { name: 'Pad Thickness' }).nextSibling).toHaveTextContent(/^17\.5 MM$/);
  });

  it('shows nothing for a part without attributes', () => {
    const { container } = render(<SpecificationTable attributes={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('InterchangeList', () => {
  it('says which numbers the part replaces, OE by that word and others by their brand, as the supplier wrote them', () => {
    render(
      <InterchangeList
        interchange={[
          { brand: 'Toyota', number: '04465-02220', kind: 'oe' },
          { brand: 'Brembo', number: 'P83024', kind: 'aftermarket' },
          { brand: null, number: 'X 1', kind: 'aftermarket' },
        ]}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Replaces' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Replaces OE 04465-02220', 'Replaces Brembo P83024', 'Replaces X 1']);
  });

  it('shows nothing for a part that replaces none', () => {
    const { container } = render(<InterchangeList interchange={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(interchangeLabel({ brand: null, number: '04465-02220', kind: 'oe' })).toBe('Replaces OE 04465-02220');
  });
});

describe('KitComponents', () => {
  it('links a component the shop sells to its page and names the others', () => {
    render(
      <KitComponents
        components={[
          { partNumber: 'PM-SH1001', brand: 'Synthetic Friction', quantity: 2, description: 'Shim set' },
          { partNumber: 'GR-1', brand: null, quantity: 1, description: null },
        ]}
        partIds={['65f0c0ffee0000000000abcd', null]}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'In this kit' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['2 × Synthetic Friction PM-SH1001: Shim set', '1 × GR-1']);
    expect(within(items[0]!).getByRole('link', { name: 'Synthetic Friction PM-SH1001' })).toHaveAttribute(
      'href',
      '/parts/65f0c0ffee0000000000abcd',
    );
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing for a part that is no kit', () => {
    const { container } = render(<KitComponents components={[]} partIds={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
