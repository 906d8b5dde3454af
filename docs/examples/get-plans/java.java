// The dedicated plans offered in Amsterdam, cheapest first
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.HostingFunctions;
import com.pulumihosting.hosting.inputs.GetPlansArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var dedicated = HostingFunctions.getPlans(GetPlansArgs.builder()
            .type("vdc")
            .region("ams")
            .build());

        ctx.export("planIds", dedicated.applyValue(result -> result.ids()));
    }
}
