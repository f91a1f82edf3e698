import type { StaffUser } from "@app/shared";
import { CRM_ROLES, ROLE_LABELS, SITE_ROLES, type StaffRole } from "@app/shared/constants";
import {
  Building2,
  Columns3,
  FileText,
  Globe,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  LoaderCircle,
  LockKeyhole,
  LogOut,
  MessageSquare,
  Package,
  PenLine,
  ReceiptText,
  ScrollText,
  Tags,
  Users,
} from "lucide-react";
import { type ComponentType, useState } from "react";
import { Link, NavLink } from "react-router";
import { paths } from "~/lib/paths";
import { initialsOf } from "./initials";

type NavItem = {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string }>;
  /** Who sees the link. */
  roles: readonly StaffRole[];
};

const ADMINISTRATORS = ["administrador"] as const;

const NAV_ITEMS: NavItem[] = [
  { to: paths.crm, label: "Dashboard", icon: LayoutDashboard, roles: CRM_ROLES },
  { to: paths.crmMessages, label: "Mensajes", icon: MessageSquare, roles: CRM_ROLES },
  { to: paths.crmCompanies, label: "Empresas", icon: Building2, roles: CRM_ROLES },
  { to: paths.crmBoard, label: "Embudo", icon: Columns3, roles: CRM_ROLES },
  { to: paths.crmQuotes, label: "Cotizaciones", icon: ReceiptText, roles: CRM_ROLES },
  { to: paths.crmOrders, label: "Pedidos", icon: Package, roles: CRM_ROLES },
  { to: paths.crmTasks, label: "Tareas", icon: ListChecks, roles: CRM_ROLES },
  { to: paths.crmSite, label: "Sitio web", icon: Globe, roles: SITE_ROLES },
  { to: paths.crmPrices, label: "Catálogo de precios", icon: Tags, roles: ADMINISTRATORS },
  { to: paths.crmUsers, label: "Usuarios", icon: Users, roles: ADMINISTRATORS },
  { to: paths.crmReplyTemplates, label: "Plantillas", icon: FileText, roles: ADMINISTRATORS },
  { to: paths.crmAudit, label: "Auditoría", icon: ScrollText, roles: ADMINISTRATORS },
];

const itemStyles = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-xl px-3 font-medium transition-colors ${
    isActive ? "bg-white text-leaf-950" : "text-leaf-50 hover:bg-white/10"
  }`;

const accountLinkStyles = "flex min-h-11 items-center gap-3 rounded-xl px-3 text-leaf-50 text-sm hover:bg-white/10";

export type CrmSidebarProps = {
  user: StaffUser;
  onSignOut: () => Promise<void>;
  /** A link was followed: on a narrow screen the sidebar gets out of the way. */
  onNavigate: () => void;
};

/**
 * The CRM's sidebar (spec section 2): navigation, the signed-in person (initials, name, role),
 * "Cerrar sesión" and the version label. Each link shows to the roles it is for: content editors
 * see only Sitio web, administrators everything.
 */
export function CrmSidebar({ user, onSignOut, onNavigate }: CrmSidebarProps) {
  const [signingOut, setSigningOut] = useState(false);
  // With a temporary password only the password change is open, without a required second factor
  // only the security screen: no navigation to offer.
  const gated = user.mustChangePassword || user.mustAddSecondFactor;
  const items = gated ? [] : NAV_ITEMS.filter((item) => item.roles.includes(user.role));

  return (
    <div className="flex h-full flex-col gap-6 p-4">
      {items.length > 0 && (
        <nav aria-label="CRM">
          <ul className="grid gap-1">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} end={to === paths.crm} className={itemStyles} onClick={onNavigate}>
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="mt-auto grid gap-3 border-white/15 border-t pt-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-11 shrink-0 place-items-center rounded-full bg-petal-100 font-bold text-petal-700"
          >
            {initialsOf(user.displayName, user.username)}
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold text-white">{user.displayName}</p>
            <p className="text-leaf-100 text-sm">{ROLE_LABELS[user.role]}</p>
          </div>
        </div>
        {!user.mustAddSecondFactor && (
          <Link to={paths.crmChangePassword} onClick={onNavigate} className={accountLinkStyles}>
            <KeyRound className="size-4 shrink-0" aria-hidden="true" />
            Cambiar contraseña
          </Link>
        )}
        {!user.mustChangePassword && (
          <Link to={paths.crmSecurity} onClick={onNavigate} className={accountLinkStyles}>
            {/* Not the public site's ShieldCheck: shared with the CRM, it became a chunk of its own on "/". */}
            <LockKeyhole className="size-4 shrink-0" aria-hidden="true" />
            Seguridad de la cuenta
          </Link>
        )}
        {/* The signature goes under email replies: content editors send none. */}
        {!gated && (CRM_ROLES as readonly StaffRole[]).includes(user.role) && (
          <Link to={paths.crmSignature} onClick={onNavigate} className={accountLinkStyles}>
            <PenLine className="size-4 shrink-0" aria-hidden="true" />
            Mi firma
          </Link>
        )}
        <button
          type="button"
          disabled={signingOut}
          onClick={async () => {
            setSigningOut(true);
            await onSignOut();
          }}
          className="flex min-h-11 items-center gap-3 rounded-xl px-3 font-semibold text-white ring-1 ring-white/30 hover:bg-white/10 disabled:opacity-60"
        >
          {signingOut ? (
            <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          ) : (
            <LogOut className="size-4 shrink-0" aria-hidden="true" />
          )}
          Cerrar sesión
        </button>
        <p className="text-center text-leaf-200 text-xs">CRM v1.0</p>
      </div>
    </div>
  );
}
