/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { PartCard } from '@/components/parts/part-card';

const description = 'A'.repeat(240) + ' tail words that go past the cut';

const part = {
  _id: '65f0c0ffee0000000000abcd',
  name: 'Vented Front Brake Rotor',
  img: '/images/parts/vented-front-brake-rotor-300-mm.svg',
  price: 68.5,
  description,
  availableQuantity: 120,
  minimumQuantity: 2,
};

describe('PartCard', () => {
  it('shows the image, name, price in dollars, stock and minimum order', () => {
    render(<PartCard part={part} />);
    expect(screen.getByRole('heading', { name: 'Vented Front Brake Rotor' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vented Front Brake Rotor' })).toHaveAttribute('src', part.img);
    expect(screen.getByText('$68.50')).toBeInTheDocument();
    expect(screen.getByText('Available').nextSibling).toHaveTextContent('120 pieces');
    expect(screen.getByText('Minimum order').nextSibling).toHaveTextContent('2 pieces');
    expect(screen.queryByText('Out Of Stock')).not.toBeInTheDocument();
  });

  it('cuts the description to 250 characters followed by ...', () => {
    render(<PartCard part={part} />);
    const preview = screen.getByText(/^A+ tail/);
    expect(preview.textContent).toBe(`${description.slice(0, 250)}...`);
    expect(preview.textContent).toHaveLength(253);
  });

  it('leaves a short description whole', () => {
    render(<PartCard part={{ ...part, description: 'Short description of sixty characters or so for the test.' }} />);
    expect(screen.getByText('Short description of sixty characters or so for the test.')).toBeInTheDocument();
  });

  it('links to the part page', () => {
    render(<PartCard part={part} />);
    expect(screen.getByRole('link', { name: 'Order now: Vented Front Brake Rotor' })).toHaveAttribute('href', `/parts/${part._id}`);
  });

  it('opens the part page from its name', () => {
    render(<PartCard part={part} />);
    const title = within(screen.getByRole('heading', { name: 'Vented Front Brake Rotor' })).getByRole('link');
    expect(title).toHaveAttribute('href', `/parts/${part._id}`);
  });

  it("shows 'Out Of Stock' when none is left", () => {
    render(<PartCard part={{ ...part, availableQuantity: 0 }} />);
    const card = screen.getByRole('article');
    expect(within(card).getAllByText('Out Of Stock')).toHaveLength(2);
    expect(within(card).getByRole('link', { name: 'View part: Vented Front Brake Rotor' })).toBeInTheDocument();
  });

  it('renders custom actions instead of the order link', () => {
    render(<PartCard part={part} actions={<button type="button">Delete</button>} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Order now/ })).not.toBeInTheDocument();
  });

  it('says which number a search found it by, and nothing otherwise', () => {
    const { rerender } = render(<PartCard part={part} replaces="Replaces OE 04465-02220" />);
    expect(within(screen.getByRole('article')).getByText('Replaces OE 04465-02220')).toBeInTheDocument();
    rerender(<PartCard part={part} />);
    expect(screen.queryByText(/^Replaces/)).not.toBeInTheDocument();
  });
});
