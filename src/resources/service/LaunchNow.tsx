import { Navigate, useParams } from 'react-router-dom';

/** /launch-now/{serviceTemplateId} (docs/requirements/portal-routes-and-menus.md): straight to the launch form of that template. */
export const LaunchNow = () => {
  const { serviceTemplateId = '' } = useParams();
  return <Navigate to={`/service-launch/create/${encodeURIComponent(serviceTemplateId)}`} replace />;
};
