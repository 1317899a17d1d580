// Static page content: blog Q&A and portfolio. Original demo copy written for
// this project; the developer profile and projects are fictional.

export type BlogPost = { question: string; answer: string[] };

export const blogPosts: BlogPost[] = [
  {
    question: 'How can you improve the performance of a React application?',
    answer: [
      'Start by measuring rather than guessing. The React DevTools Profiler shows which components render, how often and how long each render takes, while the browser performance panel and Lighthouse reveal slow network requests, large bundles and layout work. Most real problems fall into two groups: shipping too much JavaScript, and re-rendering more of the tree than necessary.',
      'To ship less code, split bundles by route and load heavy widgets lazily with React.lazy and Suspense or dynamic imports, remove unused dependencies, and let a framework such as Next.js render static or server components so that less code reaches the browser at all. Optimise images by serving modern formats in the right dimensions and lazy-loading anything below the fold.',
      'To render less, keep state as close as possible to the components that use it, so an update in one corner does not ripple through the whole page. Wrap expensive pure components in React.memo and stabilise the props they receive with useMemo and useCallback, or let the React Compiler do this automatically. Virtualise long lists so only the visible rows exist in the DOM, debounce rapid input such as search fields, and use useTransition to keep typing responsive while a large update happens in the background. Always profile again afterwards to confirm that the change actually helped.',
    ],
  },
  {
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'The simplest tool is local component state with useState, or useReducer when updates follow several related rules. When two siblings need the same data, lift the state up to their closest common parent and pass it down as props. Much apparent state can simply be derived during render from other values, and derived values should not be stored separately, because they can fall out of sync.',
      'For values that many distant components read, such as the signed-in user, theme or shopping cart, the Context API avoids passing props through every layer. Context re-renders all of its consumers when the value changes, so larger applications often use a dedicated store such as Redux Toolkit, Zustand or Jotai, which let components subscribe to just the slice they care about and make complex update logic easier to test.',
      'Data that comes from a server is a separate category. Libraries like TanStack Query or SWR cache responses, remove duplicate requests, refetch stale data and track loading and error states, which replaces a lot of hand-written effect code. Finally, remember the state that lives outside React: the URL (route and search parameters) is ideal for filters and pagination because it can be shared and bookmarked, and form libraries manage input values and validation efficiently.',
    ],
  },
  {
    question: 'How does prototypal inheritance work?',
    answer: [
      'In JavaScript every object has a hidden internal link, written [[Prototype]], that points to another object or to null. When you read a property, the engine first looks at the object itself. If the property is not there, it follows the link to the prototype, then to that object\u2019s prototype, and so on until it finds the property or reaches null, in which case the result is undefined. This sequence of links is called the prototype chain.',
      'Because lookups are delegated at runtime, many objects can share a single copy of their methods. A function called with new creates an object whose prototype is the function\u2019s prototype property, which is why every array can use map and filter from Array.prototype. Object.create(proto) builds an object with an explicitly chosen prototype, and Object.getPrototypeOf reads it. Writing a property, on the other hand, always creates or updates an own property on the object itself and shadows any property with the same name further up the chain.',
      'The class syntax introduced in ES2015 is a clearer way to write the same mechanism, not a different model. The extends keyword links one prototype object to another, and super calls the parent implementation. Understanding the underlying chain explains why methods defined on a class are shared while fields set in the constructor belong to each instance.',
    ],
  },
  {
    question: 'Why should you not set state directly, for example `products = [...]` instead of `setProducts([...])`?',
    answer: [
      'A state variable returned by useState is just a snapshot of the value for the current render. Reassigning it with products = [...] only changes a local variable inside that one function call. React is never informed, so no re-render is scheduled and the screen keeps showing the old list. On the next render, React calls the component again and hands back the stored value, so the assignment is lost completely.',
      'Calling setProducts tells React to store a new value and schedule a render, during which the component and its children see consistent data. The same problem appears in a subtler form when you mutate the existing array with push or by changing an item in place: the reference stays the same, so React, React.memo and dependency arrays in useEffect compare old and new values with Object.is and conclude that nothing has changed.',
      'Treat state as immutable and always pass a new array or object to the setter, for example setProducts([...products, item]) or setProducts(products.filter(p => p.id !== id)). When the next value depends on the previous one, use the updater form setProducts(prev => [...prev, item]) so that several updates in quick succession all use the latest value instead of an outdated snapshot.',
    ],
  },
  {
    question: 'What is a unit test and why should you write unit tests?',
    answer: [
      'A unit test is a small automated check that exercises one isolated piece of code, such as a function, a hook or a single component, and verifies that a given input produces the expected output or behaviour. External dependencies like the network, a database or the clock are replaced with fakes so that the test is fast, repeatable and fails only when the unit itself is wrong. Tools such as Jest or Vitest run hundreds of these tests in a few seconds, and Testing Library lets you test components the way a user interacts with them.',
      'Unit tests catch regressions the moment they are introduced, often before the code even leaves your machine, which is far cheaper than finding a bug in production. They make refactoring safer because you can restructure code and immediately confirm that the behaviour has not changed. Good tests also act as documentation: reading them shows exactly how a function is supposed to be used and which edge cases it handles.',
      'Writing tests also improves design, because code that is hard to test is usually too tightly coupled. Unit tests do not replace integration or end-to-end tests, but they form the broad, fast base of a healthy testing strategy.',
    ],
  },
];

export type PortfolioProject = {
  name: string;
  description: string;
  url: string;
  image: string;
};

export type Portfolio = {
  name: string;
  role: string;
  about: string[];
  contact: { email: string; location: string };
  skills: string[];
  projects: PortfolioProject[];
};

export const portfolio: Portfolio = {
  name: 'Daniel Okoro',
  role: 'Full-stack web developer',
  about: [
    'I build fast, accessible web applications with React, Next.js and Node.js, from the database schema to the last pixel of the checkout button. I enjoy turning messy business requirements into clear interfaces, and I care about the details that users notice without knowing it: quick page loads, useful error messages and forms that keep working on a slow mobile connection.',
    'Before moving into software I spent four years working in an independent garage, which is partly why this parts shop exists. These days I split my time between client projects and open-source tooling for small online stores. Outside of work I restore an old hatchback, slowly, and ride gravel bikes whenever the weather allows.',
  ],
  contact: {
    email: 'daniel.okoro@example.com',
    location: 'Leeds, United Kingdom',
  },
  skills: [
    'TypeScript',
    'React & Next.js',
    'Node.js & Express',
    'MongoDB & Mongoose',
    'PostgreSQL',
    'Tailwind CSS',
    'REST & GraphQL APIs',
    'Jest, Testing Library & Playwright',
  ],
  projects: [
    {
      name: 'Garage Booking Dashboard',
      description:
        'A scheduling tool for small workshops that lets customers book service slots online while mechanics see their day on a drag-and-drop board. Built with Next.js, PostgreSQL and server actions, with SMS reminders and a weekly utilisation chart.',
      url: 'https://example.com/garage-booking',
      image: '/images/portfolio/garage-booking-dashboard.svg',
    },
    {
      name: 'Fleet Fuel Tracker',
      description:
        'A progressive web app where delivery drivers log fuel receipts and mileage offline, syncing when a signal returns. Managers get cost-per-kilometre trends and anomaly alerts. React, IndexedDB, Node.js and MongoDB.',
      url: 'https://example.com/fleet-fuel',
      image: '/images/portfolio/fleet-fuel-tracker.svg',
    },
    {
      name: 'Recipe Box Community',
      description:
        'A recipe sharing site with ingredient-based search, scaled shopping lists and user collections. Server-rendered with Next.js for fast first loads, with image uploads handled through a CDN and a full accessibility audit.',
      url: 'https://example.com/recipe-box',
      image: '/images/portfolio/recipe-box-community.svg',
    },
  ],
};
