// The cheapest plan with 2 vCPUs and 4 GiB of RAM in Frankfurt
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.HostingFunctions;
import com.pulumihosting.hosting.inputs.GetPlanArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var plan = HostingFunctions.getPlan(GetPlanArgs.builder()
            .region("fra")
            .minVcpus(2)
            .minRamGb(4)
            .build());

        ctx.export("planId", plan.applyValue(result -> result.id()));
        ctx.export("pricePerMonth", plan.applyValue(result -> result.pricePerMonth()));
    }
}
