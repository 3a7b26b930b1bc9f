import { Button } from '@/components/button';
import { href } from '@/config/routes';
import { ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router';

/**
 * The not-found page: any address outside the route table, and spec routes not built yet (routes.ts). It offers the
 * way home.
 */
export default function NotFound() {
  const navigate = useNavigate();
  return (
    <main className="page-center">
      <ErrorBlock status="empty" title="页面不存在" description="您访问的页面不存在或暂未开放">
        <Button color="primary" onClick={() => void navigate(href('home'), { replace: true })}>
          返回首页
        </Button>
      </ErrorBlock>
    </main>
  );
}
