import { ProductForm } from '@/components/admin/product-form';
import { AdminDenied } from '@/components/dashboard/admin-denied';
import { getAdminViewer } from '@/lib/auth';

export const metadata = { title: 'Add Product' };

export default async function AddProductPage() {
  if (!(await getAdminViewer('/dashboard/addProduct'))) return <AdminDenied />;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Add Product</h2>
      <ProductForm />
    </div>
  );
}
