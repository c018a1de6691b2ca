/**
 * The staff layout: a sidebar built from the session's `menu` (the server decides what is
 * shown), a top bar with the company logo, the user's initial avatar (opens the profile), name,
 * company, 'Perfil' and 'Sair'. Under 600 px the sidebar collapses.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Avatar, Button, Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import {
  AppstoreOutlined,
  DashboardOutlined,
  LogoutOutlined,
  MenuOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import './staff-layout.css';
import { useStaffSessionQuery } from '../../features/auth/api';
import { useStaffGoTo, useStaffLogout } from '../../features/auth/session';
import { initial } from '../../shared/formatters';
import { APP_NAME, msg } from '../../shared/messages';
import { profilePath, titlePrefix } from '../session';
import { useNarrow } from './useNarrow';

const { Sider, Header, Content } = Layout;

/** The server's menu keys that have an icon of their own. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  fila: <UnorderedListOutlined />,
  sair: <LogoutOutlined />,
};
const LOGOUT_KEY = 'sair';

export default function StaffLayout() {
  const { data: session } = useStaffSessionQuery();
  const location = useLocation();
  const goTo = useStaffGoTo();
  const logout = useStaffLogout();
  const narrow = useNarrow();
  const [menuOpen, setMenuOpen] = useState(false);
  const role = session?.role;

  useEffect(() => {
    document.title = `${titlePrefix(role)}${APP_NAME}`;
  }, [role]);

  if (!session) return null;

  const items: MenuProps['items'] = session.menu.map((m) => ({
    key: m.key,
    icon: ICONS[m.key] ?? <AppstoreOutlined />,
    label: m.label,
  }));
  const selected = session.menu.filter((m) => m.key !== LOGOUT_KEY && location.pathname === m.path).map((m) => m.key);

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    setMenuOpen(false);
    if (key === LOGOUT_KEY) {
      void logout();
      return;
    }
    const entry = session.menu.find((m) => m.key === key);
    if (entry) goTo(entry.path);
  };

  const collapsed = narrow ? !menuOpen : false;
  const company = session.company;
  const openProfile = () => goTo(profilePath(role));

  return (
    <Layout className={`s-shell${narrow ? ' s-narrow' : ''}`}>
      <Sider
        width={220}
        collapsed={collapsed}
        collapsedWidth={0}
        trigger={null}
        className={narrow ? 's-sider-narrow' : undefined}
        aria-label={msg.menu}
      >
        <div className="s-sider-brand">{APP_NAME}</div>
        <Menu theme="dark" mode="inline" items={items} selectedKeys={selected} onClick={onMenu} />
      </Sider>
      <Layout>
        <Header className="s-header">
          {narrow && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={msg.menu}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(!menuOpen)}
            />
          )}
          {company?.logo ? (
            <img className="s-header-logo" src={company.logo} alt={company.name} />
          ) : (
            <strong>{company?.name ?? APP_NAME}</strong>
          )}
          <span className="s-header-spacer" />
          <div className="s-user">
            <span>{session.name}</span>
            {company && <small>{company.name}</small>}
          </div>
          <button type="button" className="s-avatar-button" aria-label={msg.profile} onClick={openProfile}>
            <Avatar style={{ backgroundColor: '#1d4ed8' }}>{initial(session.name)}</Avatar>
          </button>
          <Button onClick={openProfile}>{msg.profile}</Button>
          <Button onClick={() => void logout()}>{msg.logout}</Button>
        </Header>
        <Content className="s-content" onClick={() => narrow && menuOpen && setMenuOpen(false)}>
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}
