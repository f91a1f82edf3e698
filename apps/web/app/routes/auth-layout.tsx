import { Link, Outlet } from "react-router";
import { textLinkStyles } from "~/components/ui/text-link-styles";
import { site } from "~/content/site";
import { BrandMark } from "~/features/layout/brand-mark";
import { paths } from "~/lib/paths";

/** The frame of the staff's sign-in pages: the brand, one card, and the way back to the site. */
export default function AuthLayout() {
  return (
    <main className="grid min-h-svh place-items-center bg-gradient-to-br from-leaf-950 to-leaf-700 px-4 py-10">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-xl sm:p-8">
        <p className="flex items-center justify-center gap-2 font-bold text-leaf-900 text-lg">
          <BrandMark />
          {site.name}
        </p>
        <Outlet />
        <p className="mt-4 border-stone-200 border-t pt-2 text-center">
          <Link to={paths.home} className={textLinkStyles}>
            Volver al inicio
          </Link>
        </p>
      </div>
    </main>
  );
}
