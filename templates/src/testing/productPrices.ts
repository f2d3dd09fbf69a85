// Prices as owners typed them before prices were money, and what each becomes in rupees (the
// currency of every shop before shops had one): the editor's upgrade in code
// (model/products.ts, readPrice) and the SQL migration (public.inr_amount_from_text) are both run
// over these and must agree. null: it stays text and the product is not for sale.
export const TYPED_PRICES: readonly (readonly [typed: string, paise: number | null])[] = [
  ['450', 45_000],
  ['₹450', 45_000],
  ['₹ 450', 45_000],
  ['Rs. 1,250', 125_000],
  ['Rs 1250', 125_000],
  ['rs.99', 9_900],
  ['Re. 1', 100],
  ['INR 1,00,000', 10_000_000],
  ['1,250.50', 125_050],
  ['450/-', 45_000],
  ['₹450/-', 45_000],
  ['450 INR', 45_000],
  ['  12.5 ', 1_250],
  ['12.50', 1_250],
  ['12.500', 1_250],
  ['0', 0],
  ['007', 700],
  ['\u00a0₹450\u00a0', 45_000],
  ['10000000', 1_000_000_000],
  // Stays text.
  ['', null],
  ['₹', null],
  ['$12.50', null],
  ['€12', null],
  ['450 per kg', null],
  ['from ₹450', null],
  ['450-500', null],
  ['12.345', null],
  ['1,2,3', null],
  ['-450', null],
  ['Call us', null],
  ['४५०', null],
  ['10000001', null],
  ['99999999999999999999', null],
  ['1.5e3', null],
];

/** Product items as saved before prices were money, in a row of the model. */
export const PRODUCTS_BEFORE_AMOUNTS = {
  schemaVersion: 2,
  profile: { name: 'Meera’s Bakery 🧁 मीरा' },
  socials: [],
  sections: [
    {
      id: 'cakes',
      kind: 'products',
      title: 'Cakes',
      hidden: false,
      body: '',
      items: [
        { id: 'p1', name: 'Chocolate cake', price: '₹450', description: '', image: '', url: '' },
        { id: 'p2', name: 'Bread', price: 'Rs. 1,250', description: '<p>Sourdough</p>', image: '', url: 'https://example.com' },
        { id: 'p3', name: 'Cookies', price: 'Call us', description: '', image: '', url: '' },
        { id: 'p4', name: 'Muffin', price: '', description: '', image: '', url: '' },
        { id: 'p5', name: 'Tart', price: '$12.50', description: '', image: '', url: '' },
      ],
    },
    { id: 'about', kind: 'text', title: 'About', hidden: false, body: '<p>₹450</p>', items: [] },
  ],
};
