import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { RemoteScreen, clientNeedOf } from './federation/RemoteScreen';
import { NotFound } from './screens/NotFound/NotFound';
import { SCREEN_ROUTES } from './routes';
import { ROUTER_FUTURE } from '@folioforge/shared';

function createRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      errorElement: <NotFound />,
      children: [
        ...SCREEN_ROUTES.map((route) => ({
          path: route.path,
          element: <RemoteScreen key={route.remote} id={route.remote} needsClient={clientNeedOf(route)} />,
          handle: { title: route.title },
        })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

const router = createBrowserRouter(createRoutes(), { future: ROUTER_FUTURE });

export function App() {
  return <RouterProvider router={router} future={{ v7_startTransition: true }} />;
}
