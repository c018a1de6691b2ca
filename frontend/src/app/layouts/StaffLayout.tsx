/**
 * The staff layout: a sidebar built from the session's `menu` (the server decides what is
 * shown), a top bar with the company logo, the user's initial avatar (opens the profile), name,
 * company, 'Perfil' and 'Sair'. Under 600 px the sidebar collapses.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Avatar, Button, Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BuildOutlined,
  CarOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LogoutOutlined,
  MenuOutlined,
  ProfileOutlined,
  RollbackOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  TruckOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import './staff-layout.css';
import { useStaffSessionQuery } from '../../features/auth/api';
import { useStaffGoTo, useStaffLogout } from '../../features/auth/session';
import { initial } from '../../shared/formatters';
import { APP_NAME, msg } from '../../shared/messages';
import { useNarrow } from './useNarrow';

const { Sider, Header, Content } = Layout;

/** Each of the server's menu keys has an icon of its own; icons are decorative (aria-hidden),
 * so an entry's accessible name is its label only. */
const ICONS: Record<string, ReactNode> = {
  inicio: <HomeOutlined aria-hidden />,
  dashboard: <DashboardOutlined aria-hidden />,
  fila: <UnorderedListOutlined aria-hidden />,
  empresas: <BankOutlined aria-hidden />,
  clientes: <ShopOutlined aria-hidden />,
  transportadoras: <CarOutlined aria-hidden />,
  usuarios: <TeamOutlined aria-hidden />,
  logs: <FileSearchOutlined aria-hidden />,
  configuracao: <SettingOutlined aria-hidden />,
  pedidos: <ProfileOutlined aria-hidden />,
  produtos: <InboxOutlined aria-hidden />,
  motoristas: <IdcardOutlined aria-hidden />,
  caminhoes: <TruckOutlined aria-hidden />,
  conjuntos: <ApartmentOutlined aria-hidden />,
  marcas: <TagsOutlined aria-hidden />,
  modelos: <BuildOutlined aria-hidden />,
  historico: <HistoryOutlined aria-hidden />,
  recuperar: <RollbackOutlined aria-hidden />,
  'fila-virtual': <UnorderedListOutlined aria-hidden />,
  'dashboard-transportadoras': <FundOutlined aria-hidden />,
  conteudo: <FileTextOutlined aria-hidden />,
  integracoes: <ApiOutlined aria-hidden />,
  sair: <LogoutOutlined aria-hidden />,
};
const LOGOUT_KEY = 'sair';
/** Client-side entry back to the landing page, when the server's menu has none (dispatch roles). */
const HOME_KEY = 'inicio';

/** `children` replaces the routed page (the forbidden and not-found pages keep the layout). */
export default function StaffLayout({ children }: { children?: ReactNode }) {
  const { data: session } = useStaffSessionQuery();
  const location = useLocation();
  const goTo = useStaffGoTo();
  const logout = useStaffLogout();
  const narrow = useNarrow();
  const [menuOpen, setMenuOpen] = useState(false);
  // The session's prefix; 'Admin - ' until the session is read (the default title's own).
  const prefix = session?.screens.titlePrefix ?? msg.titleAdmin;

  // Every route starts from the default title; a page that names itself sets it in its own
  // (passive) effect, which runs after this layout effect.
  useLayoutEffect(() => {
    document.title = `${prefix}${APP_NAME}`;
  }, [prefix, location.pathname]);

  if (!session) return null;

  const menu = session.menu.some((m) => m.path === session.landing)
    ? session.menu
    : [{ key: HOME_KEY, label: msg.home, path: session.landing }, ...session.menu];
  const items: MenuProps['items'] = menu.map((m) => ({
    key: m.key,
    icon: ICONS[m.key] ?? <AppstoreOutlined aria-hidden />,
    label: m.label,
  }));
  const selected = menu.filter((m) => m.key !== LOGOUT_KEY && location.pathname === m.path).map((m) => m.key);

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    setMenuOpen(false);
    if (key === LOGOUT_KEY) {
      void logout();
      return;
    }
    const entry = menu.find((m) => m.key === key);
    if (entry) goTo(entry.path);
  };

  const collapsed = narrow ? !menuOpen : false;
  const company = session.company;
  const openProfile = () => goTo(session.screens.profilePath);

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
              icon={<MenuOutlined aria-hidden />}
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
          {children ?? <Outlet />}
        </Content>
      </Layout>
    </Layout>
  );
}
